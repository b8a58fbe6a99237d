import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageSpinner } from '@/components/page-spinner';
import { AppToaster } from '@/components/toaster';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

const router = createAppRouter(queryClient);

setSessionExpiredHandler(() => {
  void router.navigate('/login', { replace: true }).then(() => queryClient.clear());
});

/** Providers around the router. Suspense waits for the first translation catalogue. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      <AppToaster />
    </QueryClientProvider>
  );
}
