import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { PageSpinner } from '@/components/page-spinner';
import { pageView } from '@/lib/analytics';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { loginPath } from '@/lib/next-path';
import { queryClient } from '@/lib/query-client';
import { createAppRouter } from './router';

const router = createAppRouter(queryClient);

/** A page view each time the path changes (not the query string: it may carry a token). */
let viewedPath = '';
const viewed = () => {
  const { pathname } = router.state.location;
  if (pathname !== viewedPath) pageView((viewedPath = pathname));
};
viewed();
router.subscribe(viewed);

/**
 * The toaster (react-hot-toast and its CSS-in-JS) loads beside the first page rather than before it:
 * it shows nothing until a toast is raised, and a toast raised before it arrives waits in the store.
 */
const AppToaster = lazy(() =>
  import('@/components/toaster').then((module) => ({ default: module.AppToaster })),
);

setSessionExpiredHandler(() => {
  const { pathname, search } = router.state.location;
  void router.navigate(loginPath(pathname + search), { replace: true }).then(() => queryClient.clear());
});

/** Providers around the router. Suspense waits for the first translation catalogue. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
