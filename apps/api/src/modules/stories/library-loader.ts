import { createHash } from 'node:crypto';
import { glossedSentence, type LibraryStory } from '@lendo/content';
import { normalizeSentence } from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { StoredSentence } from '../../db/schema.ts';
import { chapterIdFor, storyIdFor } from './ids.ts';
import { libraryRepository, type NewChapter, type NewPage, type NewStory } from './library-repository.ts';
import { countWords, foldText } from './text.ts';

/**
 * Bump when what the loader derives from a story changes (word counts, search text…): every story
 * is then written again once, though its files did not change.
 */
const LOADER_VERSION = 3;

export interface LibraryLoad {
  /** Stories in the library. */
  stories: number;
  /** Stories written: new or changed since the last load. */
  written: number;
  /** Stories hidden because they left the library. */
  retired: number;
}

function rowsOf({ story, glossary, cover, contentHash }: LibraryStory, now: Date) {
  const id = storyIdFor(story.slug);
  const chapterRows: NewChapter[] = [];
  const pageRows: NewPage[] = [];
  story.chapters.forEach((chapter, c) => {
    const chapterId = chapterIdFor(story.slug, c + 1);
    let words = 0;
    chapter.pages.forEach((page, p) => {
      const sentences: StoredSentence[] = page.map((s) => ({
        text: normalizeSentence(s.text),
        translations: s.translations,
        lemmas: s.lemmas,
        words: glossedSentence(s, glossary).map(({ lemma, entry: { pos, ...glosses } }) => ({
          lemma,
          pos,
          glosses,
        })),
      }));
      words += sentences.reduce((sum, s) => sum + countWords(s.text), 0);
      pageRows.push({ chapterId, number: p + 1, sentences });
    });
    chapterRows.push({
      id: chapterId,
      storyId: id,
      number: c + 1,
      title: chapter.title,
      pagesCount: chapter.pages.length,
      wordCount: words,
    });
  });
  const texts = [...Object.values(story.title), ...Object.values(story.description)];
  const storyRow: NewStory = {
    id,
    slug: story.slug,
    language: story.language,
    level: story.level,
    genre: story.genre,
    category: story.category,
    free: story.free,
    title: story.title,
    description: story.description,
    coverSvg: cover,
    chaptersCount: chapterRows.length,
    pagesCount: pageRows.length,
    wordCount: chapterRows.reduce((sum, c) => sum + c.wordCount, 0),
    contentHash: versionedHash(contentHash),
    searchText: texts.map(foldText).join('\n'),
    sortTitle: foldText(story.title[story.language]),
    createdAt: now,
    updatedAt: now,
  };
  return { story: storyRow, chapters: chapterRows, pages: pageRows };
}

const versionedHash = (contentHash: string) =>
  createHash('sha256').update(`${LOADER_VERSION}\n${contentHash}`).digest('hex');

/**
 * Brings the database in line with the story library, idempotently. Ids derive from slugs, so a
 * changed story is updated in place (chapters and pages beyond its new end removed, readers'
 * progress fitted to it) and keeps its readers' favorites and progress; an unchanged one is not
 * written at all. Each changed story is one short transaction. Stories missing from the library
 * are retired (hidden), not deleted.
 */
/**
 * Bumped whenever this process writes the library: what is kept in memory from it (pages of the
 * library, readers' progress clamped to new versions) is keyed by it.
 */
export let libraryGeneration = 0;

export async function loadLibrary(db: Db, library: LibraryStory[], now: Date): Promise<LibraryLoad> {
  const loaded = new Map((await libraryRepository.versions(db)).map((row) => [row.id, row]));
  let written = 0;
  for (const entry of library) {
    const current = loaded.get(storyIdFor(entry.story.slug));
    if (current && !current.retiredAt && current.contentHash === versionedHash(entry.contentHash)) continue;
    const rows = rowsOf(entry, now);
    await db.transaction(async (tx) => {
      await libraryRepository.upsertStory(tx, rows.story);
      await libraryRepository.replaceChapters(tx, rows.story.id, rows.chapters);
      await libraryRepository.replacePages(tx, rows.story.id, rows.pages);
      await libraryRepository.clampProgress(tx, rows.story.id);
    });
    written += 1;
    libraryGeneration += 1;
  }
  const retired = await libraryRepository.retireMissing(
    db,
    library.map((entry) => storyIdFor(entry.story.slug)),
    now,
  );
  if (retired > 0) libraryGeneration += 1;
  return { stories: library.length, written, retired };
}
