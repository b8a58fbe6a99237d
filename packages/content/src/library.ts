import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEARNING_LANGUAGES, LEVELS, type LearningLanguage, type Level } from '@lendo/shared';
import { storySchema, type Story } from './schema.ts';

export const STORIES_DIR = fileURLToPath(new URL('../stories', import.meta.url));

export interface LibraryStory {
  story: Story;
  /** The cover art, an SVG document. */
  cover: string;
  /** A hash of the story and its cover: unchanged content is not written again. */
  contentHash: string;
}

export class LibraryError extends Error {
  override name = 'LibraryError';
}

/** Reads and validates one story folder; throws a LibraryError naming the file and the problems. */
export function readStory(folder: string): LibraryStory {
  const file = join(folder, 'story.json');
  let raw: string;
  let json: unknown;
  try {
    raw = readFileSync(file, 'utf8');
    json = JSON.parse(raw);
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
  const parsed = storySchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new LibraryError(`${file}:\n${problems.join('\n')}`);
  }
  const coverFile = join(folder, 'cover.svg');
  if (!existsSync(coverFile)) throw new LibraryError(`${coverFile} is missing`);
  const cover = readFileSync(coverFile, 'utf8');
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(cover) || /<script|<image|href="http/i.test(cover)) {
    throw new LibraryError(
      `${coverFile}: a cover is a self-contained SVG without scripts or external images`,
    );
  }
  const contentHash = createHash('sha256').update(raw).update(cover).digest('hex');
  return { story: parsed.data, cover, contentHash };
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
