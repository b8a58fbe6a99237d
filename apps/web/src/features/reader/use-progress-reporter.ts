import { useCallback, useEffect, useRef } from 'react';
import { useSaveChapterProgress } from './api/save-chapter-progress';
import { ReadingTimer } from './reading-timer';

/** The most words one progress report may carry (the API refuses more). */
const MAX_LOOKED_UP_PER_REPORT = 200;

/**
 * Reports reading to the API: each report carries the page, the seconds read since the previous
 * report (counted only while the tab is visible) and the words looked up meanwhile. When a report
 * fails, its seconds and words go with the next one.
 */
export function useProgressReporter(chapterId: string) {
  const save = useSaveChapterProgress(chapterId);
  const timer = useRef<ReadingTimer | null>(null);
  const lookedUp = useRef(new Set<string>());

  useEffect(() => {
    const current = (timer.current ??= new ReadingTimer());
    const sync = () => current.setVisible(document.visibilityState === 'visible');
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => {
      document.removeEventListener('visibilitychange', sync);
      current.setVisible(false);
    };
  }, []);

  const noteLookup = useCallback((word: string) => {
    lookedUp.current.add(word.toLowerCase());
  }, []);

  const { mutateAsync } = save;
  const report = useCallback(
    async (page: number, finished = false) => {
      const seconds = timer.current?.take() ?? 0;
      const words = [...lookedUp.current].slice(0, MAX_LOOKED_UP_PER_REPORT);
      words.forEach((word) => lookedUp.current.delete(word));
      try {
        // One id per report: should the request be sent twice, its time counts once.
        return await mutateAsync({
          page,
          finished,
          reading_seconds: seconds,
          looked_up: words,
          report_id: crypto.randomUUID(),
        });
      } catch (error) {
        timer.current?.giveBack(seconds);
        words.forEach((word) => lookedUp.current.add(word));
        throw error;
      }
    },
    [mutateAsync],
  );

  return { report, noteLookup, saving: save.isPending };
}
