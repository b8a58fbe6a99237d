import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { PageError } from './page-error';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

/** Renders PageError for a route whose loader fails with `error`. */
function renderFailing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/chapter/:id',
        errorElement: <PageError />,
        loader: () => {
          throw error;
        },
        Component: () => null,
      },
    ],
    { initialEntries: ['/chapter/1'] },
  );
  render(<RouterProvider router={router} />);
}

describe('PageError', () => {
  afterEach(cleanup);

  it('shows a locked chapter as part of Pro, with the way to the plans', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new ApiError('This story is part of the Pro plan.', 403, 'limits.library'));
    expect(await screen.findByRole('heading', { level: 1, name: 'library-locked.title' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'modal.offer.see-plans' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('button', { name: 'common.retry' })).toBeNull();
    // Not an error of the app: nothing is logged as one.
    expect(log.mock.calls.filter(([first]) => first instanceof ApiError)).toEqual([]);
    log.mockRestore();
  });

  it('offers a retry for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new ApiError('Boom', 500, 'error.unexpected'));
    expect(await screen.findByRole('heading', { level: 1, name: 'error.page-title' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'common.retry' })).toBeTruthy();
  });
});
