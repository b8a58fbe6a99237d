import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  AUTHORED_PARTS_OF_SPEECH,
  LEARNING_LANGUAGES,
  type LearningLanguage,
  type PartOfSpeech,
} from '@lendo/shared';
import { z } from 'zod';
import { normalizeWord } from '../normalize.ts';

/**
 * The story library's authored word data (packages/content): every story's glossary glosses the
 * senses of its words in the two other languages, and its sentences map inflected forms to their
 * lemmas. Read as files, not through @lendo/content, which itself tests against this dictionary.
 */
export const LIBRARY_DIR = new URL('../../../../packages/content/stories/', import.meta.url);

const glossary = z.record(
  z.string(),
  z.object({
    pos: z.enum(AUTHORED_PARTS_OF_SPEECH),
    en: z.string().optional(),
    es: z.string().optional(),
    pt: z.string().optional(),
  }),
);
const story = z.object({
  chapters: z.array(
    z.object({ pages: z.array(z.array(z.object({ lemmas: z.record(z.string(), z.string()).default({}) }))) }),
  ),
});

/** One lemma and part of speech of the library with every gloss it has, by language. */
export interface LibrarySense {
  lemma: string;
  pos: PartOfSpeech;
  glosses: Partial<Record<LearningLanguage, string[]>>;
}

export interface LibraryWords {
  /** `lemma pos` → its senses' glosses, merged over the stories. */
  senses: Map<string, LibrarySense>;
  /** form → lemmas, as the sentences map them. */
  forms: Map<string, Set<string>>;
}

/** The story files the library data comes from (for the store's fingerprint). */
export function libraryFiles(dir: URL = LIBRARY_DIR): URL[] {
  if (!existsSync(dir)) return [];
  return LEARNING_LANGUAGES.flatMap((language) => {
    const languageDir = new URL(`${language}/`, dir);
    if (!existsSync(languageDir)) return [];
    return readdirSync(languageDir).flatMap((slug) =>
      ['story.json', 'glossary.json']
        .map((name) => new URL(`${slug}/${name}`, languageDir))
        .filter((file) => existsSync(file)),
    );
  });
}

/** A language's library words; empty when the library is not beside the dictionary. */
export function readLibraryWords(language: LearningLanguage, dir: URL = LIBRARY_DIR): LibraryWords {
  const words: LibraryWords = { senses: new Map(), forms: new Map() };
  const languageDir = new URL(`${language}/`, dir);
  if (!existsSync(languageDir)) return words;
  for (const slug of readdirSync(languageDir).sort()) {
    const glossaryFile = new URL(`${slug}/glossary.json`, languageDir);
    if (existsSync(glossaryFile)) {
      for (const [key, entry] of Object.entries(
        glossary.parse(JSON.parse(readFileSync(glossaryFile, 'utf8'))),
      )) {
        const lemma = normalizeWord(key.split('#')[0]!);
        const id = `${lemma} ${entry.pos}`;
        const sense = words.senses.get(id) ?? { lemma, pos: entry.pos, glosses: {} };
        for (const to of LEARNING_LANGUAGES) {
          const gloss = entry[to]?.trim();
          if (!gloss || to === language) continue;
          const list = (sense.glosses[to] ??= []);
          if (!list.includes(gloss)) list.push(gloss);
        }
        words.senses.set(id, sense);
      }
    }
    const storyFile = new URL(`${slug}/story.json`, languageDir);
    if (!existsSync(storyFile)) continue;
    for (const chapter of story.parse(JSON.parse(readFileSync(storyFile, 'utf8'))).chapters) {
      for (const sentence of chapter.pages.flat()) {
        for (const [surface, lemma] of Object.entries(sentence.lemmas)) {
          const form = normalizeWord(surface);
          const lemmas = words.forms.get(form) ?? new Set();
          lemmas.add(normalizeWord(lemma));
          words.forms.set(form, lemmas);
        }
      }
    }
  }
  return words;
}
