import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { RouteError } from './route-error';
import { onboardingLoader, protectedLoader } from './route-guards';

/** A lazy route whose module's default export is the page. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Every route; pages load on demand. Loaders get the QueryClient and fill the cache before render. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: 'login', lazy: page(() => import('@/features/auth/pages/login')) },
        { path: 'signup', lazy: page(() => import('@/features/auth/pages/signup')) },
        { path: 'forgot-password', lazy: page(() => import('@/features/auth/pages/forgot-password')) },
        { path: 'confirm-password', lazy: page(() => import('@/features/auth/pages/confirm-password')) },
        {
          path: 'social-callback',
          lazy: async () => {
            const module = await import('@/features/auth/pages/social-callback');
            return { Component: module.default, loader: module.socialCallbackLoader(queryClient) };
          },
        },
        {
          path: 'onboarding',
          loader: onboardingLoader(queryClient),
          lazy: page(() => import('@/features/onboarding/pages/onboarding')),
        },
        {
          loader: protectedLoader(queryClient),
          lazy: page(() => import('./shell/app-shell')),
          children: [{ index: true, lazy: page(() => import('@/features/home/pages/home')) }],
        },
        { path: '*', lazy: page(() => import('./not-found')) },
      ],
    },
  ]);
}
