import { readFileSync } from 'node:fs';
import { AUTHORED_PARTS_OF_SPEECH, LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { z } from 'zod';

/** The curated lexicon: data/lexicon/<language>.jsonl, one lemma a line, by frequency rank. */
export const LEXICON_DIR = new URL('../../data/lexicon/', import.meta.url);

const translation = z.object({ translation: z.string().min(1), definition: z.string() });

export const lexiconRow = z.object({
  rank: z.number().int().positive(),
  lemma: z.string().min(1),
  pos: z.enum(AUTHORED_PARTS_OF_SPEECH),
  definition: z.string(),
  translations: z.partialRecord(z.enum(LEARNING_LANGUAGES), translation),
  example: z.object({
    sentence: z.string().min(1),
    translations: z.partialRecord(z.enum(LEARNING_LANGUAGES), z.string()),
  }),
});
export type LexiconRow = z.infer<typeof lexiconRow>;

/** Reads and validates one language's lexicon; a malformed line fails the build with its number. */
export function readLexicon(language: LearningLanguage, dir: URL | string = LEXICON_DIR): LexiconRow[] {
  const text = readFileSync(new URL(`${language}.jsonl`, dir), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const parsed = lexiconRow.safeParse(JSON.parse(line));
      if (!parsed.success)
        throw new Error(`lexicon ${language}.jsonl line ${i + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
}
