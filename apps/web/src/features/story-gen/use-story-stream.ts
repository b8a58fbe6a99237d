import { track } from '@/lib/analytics';
import type { StoryCoverage, StoryGenBody, StoryGenMode } from '@lendo/shared';
import { useEffect, useRef, useState } from 'react';
import { errorCodeOf } from '@/lib/api-client';
import { streamStory } from './api/story-gen';

export interface StreamedChapter {
  number: number;
  title: string;
  sentences: { text: string; translation: string }[];
}

export interface StoryStream {
  status: 'idle' | 'writing' | 'done' | 'failed';
  mode: StoryGenMode | null;
  /** The model's text is being repaired: what came so far was dropped. */
  repairing: boolean;
  title: string;
  chapters: StreamedChapter[];
  /** When done: the saved story, where to start reading and how much of it the learner knows. */
  result: { storyId: string; firstChapterId: string; coverage: StoryCoverage } | null;
  /** When failed: the translation key of the reason. */
  error: string | null;
  /** A chapter rewrite shows only that chapter. */
  rewriting: number | null;
}

const IDLE: StoryStream = {
  status: 'idle',
  mode: null,
  repairing: false,
  title: '',
  chapters: [],
  result: null,
  error: null,
  rewriting: null,
};

/**
 * Runs one generation at a time and keeps what it streamed: the title, chapters and sentences as
 * they arrive, then the saved story with its coverage, or the error. Leaving the page stops it.
 */
export function useStoryStream(onSettled: () => void) {
  const [state, setState] = useState<StoryStream>(IDLE);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(target: { body: StoryGenBody } | { storyId: string; chapter: number }) {
    controller.current?.abort();
    const stop = new AbortController();
    controller.current = stop;
    const rewriting = 'chapter' in target ? target.chapter : null;
    setState({ ...IDLE, status: 'writing', rewriting });
    const update = (change: (s: StoryStream) => StoryStream) => {
      if (!stop.signal.aborted) setState(change);
    };
    try {
      for await (const event of streamStory(target, stop.signal)) {
        switch (event.type) {
          case 'start':
            update((s) => ({ ...s, mode: event.mode }));
            break;
          case 'restart':
            update((s) => ({ ...s, repairing: true, chapters: [] }));
            break;
          case 'title':
            update((s) => ({ ...s, title: event.title }));
            break;
          case 'chapter':
            update((s) => ({
              ...s,
              chapters: [...s.chapters, { number: event.number, title: event.title, sentences: [] }],
            }));
            break;
          case 'sentence':
            update((s) => ({
              ...s,
              chapters: s.chapters.map((c) =>
                c.number === event.chapter
                  ? {
                      ...c,
                      sentences: [...c.sentences, { text: event.text, translation: event.translation }],
                    }
                  : c,
              ),
            }));
            break;
          case 'done':
            track('story_generated', { origin: event.story.origin ?? 'ai' });
            update((s) => ({
              ...s,
              status: 'done',
              repairing: false,
              result: {
                storyId: event.story.id,
                firstChapterId: event.first_chapter_id,
                coverage: event.coverage,
              },
            }));
            break;
          case 'error':
            update((s) => ({ ...s, status: 'failed', repairing: false, error: event.code }));
            break;
        }
      }
      // A stream that ends without done or error was cut.
      update((s) =>
        s.status === 'writing' ? { ...s, status: 'failed', error: 'story-gen.model-failed' } : s,
      );
    } catch (error) {
      update((s) => ({ ...s, status: 'failed', error: errorCodeOf(error) }));
    } finally {
      if (!stop.signal.aborted) onSettled();
    }
  }

  return { state, start, reset: () => setState(IDLE) };
}
