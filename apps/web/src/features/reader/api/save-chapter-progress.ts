import type { ChapterDetail, ChapterProgress, ChapterProgressBody } from '@lendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { storiesQueryKey } from '@/lib/story-cache';
import { chapterQueryKey } from './get-chapter';

/** POST /chapters/{id}/progress/: a page read (or the chapter finished), with time and words looked up. */
export function saveChapterProgress(id: string, body: ChapterProgressBody): Promise<ChapterProgress> {
  return api.post<ChapterProgress>(`/chapters/${encodeURIComponent(id)}/progress/`, body);
}

/**
 * Reports reading progress. The cached chapter learns where the reader now is (without fetching
 * its pages again); the cached summary is dropped and every story query marked stale.
 */
export function useSaveChapterProgress(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChapterProgressBody) => saveChapterProgress(id, body),
    onSuccess: (progress, body) => {
      if (body.finished) track('chapter_finished');
      queryClient.setQueryData<ChapterDetail>(chapterQueryKey(id), (chapter) =>
        chapter
          ? {
              ...chapter,
              pages_completed: progress.pages_completed,
              finished: progress.finished,
              current_page: progress.finished
                ? 1
                : Math.min(progress.pages_completed + 1, chapter.pages.length),
            }
          : chapter,
      );
      queryClient.removeQueries({ queryKey: [...chapterQueryKey(id), 'summary'] });
      void queryClient.invalidateQueries({ queryKey: storiesQueryKey });
    },
  });
}
