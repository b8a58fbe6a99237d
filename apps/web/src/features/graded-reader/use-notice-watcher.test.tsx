import type { GradedReaderNotice } from '@lendo/shared';
import { waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { fakeSubscription } from '@/testing/fake-billing';
import { recordOpenedModals } from '@/testing/opened-modals';
import { fakeMe, renderWithMe } from '@/testing/with-me';
import { useNoticeWatcher } from './use-notice-watcher';

const CHALLENGE = { slot: 0, type: 'complete_page', target: 3, progress: 3, completed: true } as const;
const NOTICES: GradedReaderNotice[] = [
  { id: 'n1', kind: 'challenge', challenge: CHALLENGE },
  { id: 'n2', kind: 'streak', outcome: 'continued', days: 2, previous: 0 },
];

const pro = fakeMe({ subscription: { ...fakeSubscription(), status: 'active' } });

function Watcher() {
  useNoticeWatcher();
  return null;
}

function watch(path: string, me = pro) {
  const api = fakeApi((request) => {
    if (request.path === '/api/graded-reader/notices/') return { body: NOTICES };
    if (request.path.startsWith('/api/graded-reader/notices/')) return { body: {} };
    return undefined;
  });
  renderWithMe(
    <MemoryRouter initialEntries={[path]}>
      <Watcher />
    </MemoryRouter>,
    me,
  );
  return api;
}

describe('useNoticeWatcher', () => {
  const opened = recordOpenedModals();

  it('shows the notices one at a time, marking each seen as it opens', async () => {
    const api = watch('/graded-reader');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ name: 'daily-challenge', props: { challenge: CHALLENGE } });
    await waitFor(() => expect(api.sent('POST', '/api/graded-reader/notices/n1/seen/')).toHaveLength(1));

    const first = opened[0]!.props as { onClosed: () => void };
    first.onClosed();
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[1]).toMatchObject({
      name: 'streak',
      props: { outcome: 'continued', days: 2, previous: 0 },
    });
    await waitFor(() => expect(api.sent('POST', '/api/graded-reader/notices/n2/seen/')).toHaveLength(1));
  });

  it('keeps them while a chapter is being read', async () => {
    const api = watch('/chapter/ch-1');
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/api/graded-reader/notices/')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(opened).toEqual([]);
  });

  it('asks nothing for a learner without the graded reader', async () => {
    const api = watch('/graded-reader', fakeMe());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
    expect(opened).toEqual([]);
  });
});
