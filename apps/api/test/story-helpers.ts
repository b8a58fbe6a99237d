import { readLibrary } from '@lendo/content';
import { WORD_PATTERN, type ChapterProgressBody, type OnboardingBody } from '@lendo/shared';
import type { App } from '../src/app.ts';
import { chapterIdFor, storyIdFor } from '../src/modules/stories/ids.ts';
import { bearer } from './helper.ts';

/** The story library as the app loads it, to state what the API should answer. */
export const library = readLibrary().map((entry) => entry.story);
export type LibraryStory = (typeof library)[number];

export function storyOf(slug: string): LibraryStory {
  const story = library.find((s) => s.slug === slug);
  if (!story) throw new Error(`no story ${slug} in the library`);
  return story;
}

export const storyId = (slug: string) => storyIdFor(slug);
export const chapterId = (slug: string, number: number) => chapterIdFor(slug, number);

export const countWords = (texts: string[]) =>
  texts.reduce((sum, text) => sum + (text.match(WORD_PATTERN)?.length ?? 0), 0);
export const chapterWords = (story: LibraryStory, index: number) =>
  countWords(story.chapters[index]!.pages.flat().map((s) => s.text));

type Tokens = { access: string };

export async function onboard(app: App, tokens: Tokens, body: OnboardingBody) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/onboarding/',
    headers: bearer(tokens),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`onboarding failed: ${res.statusCode} ${res.body}`);
}

export const report = (app: App, tokens: Tokens, chapter: string, body: ChapterProgressBody) =>
  app.inject({
    method: 'POST',
    url: `/api/chapters/${chapter}/progress/`,
    headers: bearer(tokens),
    payload: body,
  });

export const favorite = (app: App, tokens: Tokens, story: string, value: boolean) =>
  app.inject({
    method: 'PUT',
    url: `/api/stories/${story}/favorite/`,
    headers: bearer(tokens),
    payload: { favorite: value },
  });

/** Reads every chapter of a story to its end. */
export async function finishStory(app: App, tokens: Tokens, slug: string) {
  const story = storyOf(slug);
  for (const [i, chapter] of story.chapters.entries()) {
    const res = await report(app, tokens, chapterId(slug, i + 1), {
      page: chapter.pages.length,
      finished: true,
    });
    if (res.statusCode !== 200) throw new Error(`progress failed: ${res.statusCode} ${res.body}`);
  }
}

export const get = (app: App, tokens: Tokens | null, url: string) =>
  app.inject({ url, headers: tokens ? bearer(tokens) : {} });
