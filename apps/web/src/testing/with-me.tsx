import type { Me } from '@lendo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { meQueryKey } from '@/lib/me';

/** A signed-in, onboarded learner on the free plan. */
export function fakeMe(overrides: Partial<Me> = {}): Me {
  return {
    id: '0b6f3f1e-5d44-4c1e-9a39-6f1b0e8f5a11',
    number: 7,
    name: '',
    username: 'ana_reads',
    email: 'ana@example.com',
    avatar_url: null,
    locale: 'en',
    timezone: 'America/Sao_Paulo',
    onboarding_completed: true,
    learning_language: 'es',
    study_languages: ['es'],
    proficiency: 'beginner',
    motivation: 'travel',
    subscription: { status: 'free', plan: null, trial_end_at: null, current_period_end: null },
    email_verified: true,
    pending_email: null,
    has_password: true,
    billing_fullname: null,
    cpf: null,
    country: null,
    ...overrides,
  };
}

/** Renders `ui` with a query cache that already holds the signed-in user, as the route loaders leave it. */
export function renderWithMe(ui: ReactNode, me: Me = fakeMe()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(meQueryKey, me);
  return { queryClient, ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>) };
}
