import type { LibraryStory, Question } from '@lendo/content';
import { chapterIdFor, storyIdFor } from '../stories/ids.ts';

export interface ChapterCheck {
  chapterId: string;
  storyId: string;
  /** The chapters of the chapter's story: passing all their checks completes it. */
  storyChapters: number;
  questions: Question[];
}

/**
 * The comprehension questions of the library, by chapter id, read from the content package at
 * start-up. The answers stay on the server: only the questions and options are ever sent.
 */
export function questionBank(library: LibraryStory[]) {
  const checks = new Map<string, ChapterCheck>();
  for (const { story, questions } of library) {
    const storyId = storyIdFor(story.slug);
    questions.chapters.forEach((chapter, i) => {
      const chapterId = chapterIdFor(story.slug, i + 1);
      checks.set(chapterId, { chapterId, storyId, storyChapters: story.chapters.length, questions: chapter });
    });
  }
  return {
    /** The check of a chapter; undefined when there is no such chapter or it has no questions. */
    of: (chapterId: string) => checks.get(chapterId),
  };
}

export type QuestionBank = ReturnType<typeof questionBank>;
