import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { PlaylistsRedirect, ProfileRedirect } from './coming-soon-redirect';
import { PageError } from './page-error';
import { RouteError } from './route-error';
import { onboardingLoader, protectedLoader, signedInLoader } from './route-guards';

/** A lazy route whose module's default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** A page module that also exports `loader(queryClient)`, which fills the cache before it renders. */
interface PageWithLoader {
  default: ComponentType;
  loader: (queryClient: QueryClient) => LoaderFunction;
}

/** Every route; pages load on demand. Loaders get the QueryClient and fill the cache before render. */
export function createAppRouter(queryClient: QueryClient) {
  const pageWithLoader = (load: () => Promise<PageWithLoader>) => async () => {
    const module = await load();
    return { Component: module.default, loader: module.loader(queryClient) };
  };

  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: 'login', lazy: page(() => import('@/features/auth/pages/login')) },
        { path: 'signup', lazy: page(() => import('@/features/auth/pages/signup')) },
        { path: 'forgot-password', lazy: page(() => import('@/features/auth/pages/forgot-password')) },
        { path: 'confirm-password', lazy: page(() => import('@/features/auth/pages/confirm-password')) },
        // Opened from the email-change mail, signed in or not.
        { path: 'confirm-email', lazy: page(() => import('@/features/auth/pages/confirm-email')) },
        {
          path: 'social-callback',
          lazy: async () => {
            const module = await import('@/features/auth/pages/social-callback');
            return { Component: module.default, loader: module.socialCallbackLoader(queryClient) };
          },
        },
        {
          path: 'processing-payment',
          lazy: page(() => import('@/features/billing/pages/processing-payment')),
        },
        {
          loader: signedInLoader(queryClient),
          children: [
            { path: 'plans', lazy: page(() => import('@/features/billing/pages/plans')) },
            { path: 'checkout/:id', lazy: page(() => import('@/features/billing/pages/checkout')) },
          ],
        },
        {
          path: 'onboarding',
          loader: onboardingLoader(queryClient),
          lazy: page(() => import('@/features/onboarding/pages/onboarding')),
        },
        {
          loader: protectedLoader(queryClient),
          lazy: page(() => import('./shell/app-shell')),
          children: [
            {
              // A page that fails to load shows its error (or not-found state) inside the shell.
              errorElement: <PageError />,
              children: [
                { index: true, lazy: pageWithLoader(() => import('@/features/stories/pages/home')) },
                { path: 'story/:id', lazy: pageWithLoader(() => import('@/features/stories/pages/story')) },
                {
                  path: 'chapter/:id',
                  lazy: pageWithLoader(() => import('@/features/reader/pages/chapter')),
                },
                {
                  path: 'finished-chapter/:id',
                  lazy: pageWithLoader(() => import('@/features/reader/pages/finished-chapter')),
                },
                { path: 'decks', lazy: pageWithLoader(() => import('@/features/decks/pages/decks')) },
                {
                  path: 'flashcards/:deckId',
                  lazy: pageWithLoader(() => import('@/features/decks/pages/flashcards')),
                },
                {
                  path: 'review/:deckId',
                  lazy: pageWithLoader(() => import('@/features/decks/pages/review')),
                },
                {
                  path: 'deck-reviewed/:deckId',
                  lazy: pageWithLoader(() => import('@/features/decks/pages/deck-reviewed')),
                },
                {
                  path: 'graded-reader',
                  lazy: page(() => import('@/features/graded-reader/pages/dashboard')),
                },
                {
                  path: 'graded-reader/:id',
                  lazy: page(() => import('@/features/graded-reader/pages/path')),
                },
                { path: 'ranking', lazy: page(() => import('@/features/graded-reader/pages/ranking')) },
                {
                  path: 'story-gen',
                  lazy: pageWithLoader(() => import('@/features/story-gen/pages/story-gen')),
                },
                // Announced, not built (SPEC §2): the home page with the coming-soon modal.
                { path: 'playlists', element: <PlaylistsRedirect /> },
                { path: 'profile', element: <ProfileRedirect /> },
                {
                  path: 'settings',
                  lazy: page(() => import('@/features/settings/pages/settings-layout')),
                  children: [
                    { index: true, loader: () => redirect('/settings/profile') },
                    { path: 'profile', lazy: page(() => import('@/features/settings/pages/profile')) },
                    {
                      path: 'subscriptions',
                      lazy: pageWithLoader(() => import('@/features/settings/pages/subscriptions')),
                    },
                    { path: 'billing', lazy: page(() => import('@/features/settings/pages/billing')) },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', lazy: page(() => import('./not-found')) },
      ],
    },
  ]);
}
