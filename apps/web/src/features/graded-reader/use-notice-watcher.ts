import type { GradedReaderNotice } from '@lendo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { hasProAccess, useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { noticesQueryKey, useMarkNoticeSeen, useNotices } from './api/notices';

/** Pages where a notice waits: it would interrupt a chapter being read or a review under way. */
const HELD_ON = ['/chapter/', '/review/'];

function openNotice(notice: GradedReaderNotice, onClosed: () => void): void {
  switch (notice.kind) {
    case 'challenge':
      return openModal('daily-challenge', { challenge: notice.challenge, onClosed });
    case 'streak':
      return openModal('streak', {
        outcome: notice.outcome,
        days: notice.days,
        previous: notice.previous,
        onClosed,
      });
    case 'level_up':
      return openModal('level-up', { level: notice.level, points: notice.points, onClosed });
  }
}

/**
 * For learners with graded-reader access, in the signed-in shell: asks for unseen notices on each
 * route change, on window focus and after any change the learner makes (a page read, a review, a
 * card created: all may earn points), and shows them one at a time as their modals, marking each
 * seen as it opens.
 */
export function useNoticeWatcher(): void {
  const pro = hasProAccess(useMe());
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const notices = useNotices(pro).data;
  const { mutate: markSeen } = useMarkNoticeSeen();
  // The notice on screen, and the page it belongs to: leaving the page closes its modal.
  const [showing, setShowing] = useState<{ id: string; pathname: string } | null>(null);
  const opened = useRef(new Set<string>());

  useEffect(() => {
    if (pro) void queryClient.invalidateQueries({ queryKey: noticesQueryKey });
  }, [pro, pathname, queryClient]);

  useEffect(() => {
    if (!pro) return;
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        void queryClient.invalidateQueries({ queryKey: noticesQueryKey });
      }
    });
  }, [pro, queryClient]);

  const busy = showing !== null && showing.pathname === pathname;
  const held = HELD_ON.some((prefix) => pathname.startsWith(prefix));
  useEffect(() => {
    if (busy || held) return;
    const next = notices?.find((notice) => !opened.current.has(notice.id));
    if (!next) return;
    opened.current.add(next.id);
    setShowing({ id: next.id, pathname });
    openNotice(next, () => setShowing(null));
    markSeen(next.id);
  }, [busy, held, notices, pathname, markSeen]);
}
