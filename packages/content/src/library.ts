import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { LEARNING_LANGUAGES, LEVELS, type LearningLanguage, type Level } from '@lendo/shared';
import { glossaryProblems, glossarySchema, type Glossary } from './glossary.ts';
import { questionsProblems, questionsSchema, type StoryQuestions } from './questions.ts';
import { storySchema, type Story } from './schema.ts';

export const STORIES_DIR = fileURLToPath(new URL('../stories', import.meta.url));

export interface LibraryStory {
  story: Story;
  /** The senses of the story's words, glossed in the other languages (`glossary.json`). */
  glossary: Glossary;
  /** The comprehension check of each chapter (`questions.json`), in the story's language. */
  questions: StoryQuestions;
  /** The cover art, an SVG document. */
  cover: string;
  /** A hash of the story and its cover: unchanged content is not written again. */
  contentHash: string;
}

export class LibraryError extends Error {
  override name = 'LibraryError';
}

function readJson<T>(file: string, schema: z.ZodType<T>): { raw: string; data: T } {
  let raw: string;
  let json: unknown;
  try {
    raw = readFileSync(file, 'utf8');
    json = JSON.parse(raw);
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new LibraryError(`${file}:\n${problems.join('\n')}`);
  }
  return { raw, data: parsed.data };
}

/**
 * Reads and validates one story folder, its glossary (every word glossed in both other languages)
 * and its comprehension questions (three per chapter) included; throws a LibraryError naming the file and the problems.
 */
export function readStory(folder: string): LibraryStory {
  const { raw, data: story } = readJson(join(folder, 'story.json'), storySchema);
  const glossaryFile = join(folder, 'glossary.json');
  const glossary = existsSync(glossaryFile) ? readJson(glossaryFile, glossarySchema) : { raw: '', data: {} };
  const unglossed = glossaryProblems(story, glossary.data);
  if (unglossed.length > 0) {
    const problems = unglossed.slice(0, 10).map((p) => `  ${p.where}: ${p.message}`);
    throw new LibraryError(`${glossaryFile} (${unglossed.length} problems):\n${problems.join('\n')}`);
  }
  const coverFile = join(folder, 'cover.svg');
  if (!existsSync(coverFile)) throw new LibraryError(`${coverFile} is missing`);
  const cover = readFileSync(coverFile, 'utf8');
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(cover) || /<script|<image|href="http/i.test(cover)) {
    throw new LibraryError(
      `${coverFile}: a cover is a self-contained SVG without scripts or external images`,
    );
  }
  const questionsFile = join(folder, 'questions.json');
  if (!existsSync(questionsFile)) throw new LibraryError(`${questionsFile} is missing`);
  const questions = readJson(questionsFile, questionsSchema);
  const misfit = questionsProblems(story.chapters.length, questions.data);
  if (misfit.length > 0) throw new LibraryError(`${questionsFile}: ${misfit.join('; ')}`);
  const contentHash = createHash('sha256').update(raw).update(glossary.raw).update(cover).digest('hex');
  return { story, glossary: glossary.data, questions: questions.data, cover, contentHash };
}

/** Every story of the library, in a stable order (language, then slug). */
export function readLibrary(root: string = STORIES_DIR): LibraryStory[] {
  const stories: LibraryStory[] = [];
  for (const language of readdirSync(root).sort()) {
    const languageDir = join(root, language);
    for (const slug of readdirSync(languageDir).sort()) {
      const library = readStory(join(languageDir, slug));
      if (library.story.slug !== slug || library.story.language !== language) {
        throw new LibraryError(`${join(languageDir, slug)}: folder and slug/language disagree`);
      }
      stories.push(library);
    }
  }
  return stories;
}

/**
 * The levels of each language that have no free story: the basic plan reads at least one story
 * per level and language, so the library is complete only when this is empty.
 */
export function levelsWithoutFreeStory(stories: Story[]): { language: LearningLanguage; level: Level }[] {
  const free = new Set(stories.filter((s) => s.free).map((s) => `${s.language}/${s.level}`));
  return LEARNING_LANGUAGES.flatMap((language) =>
    LEVELS.filter((level) => !free.has(`${language}/${level}`)).map((level) => ({ language, level })),
  );
}
