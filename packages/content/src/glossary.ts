import {
  AUTHORED_PARTS_OF_SPEECH,
  LEARNING_LANGUAGES,
  WORD_PATTERN,
  type LearningLanguage,
} from '@lendo/shared';
import { z } from 'zod';
import type { Story, StorySentence } from './schema.ts';

/**
 * A story's glossary: the senses its words have in it, each glossed in the two other languages.
 * Keys are lemmas (`vender`), or `lemma#tag` for a further sense of the same lemma in the story
 * (`banco#seat`); a sentence picks a further sense for a word with `senses: { banco: "banco#seat" }`,
 * or for one use of it with `senses: { "la@2": "la" }` (its second "la").
 */
const gloss = z.string().trim().min(1).max(80);
export const glossEntrySchema = z
  .object({
    pos: z.enum(AUTHORED_PARTS_OF_SPEECH),
    en: gloss.optional(),
    es: gloss.optional(),
    pt: gloss.optional(),
  })
  .strict();
export type GlossEntry = z.infer<typeof glossEntrySchema>;

const senseKey = z
  .string()
  .regex(/^[^\s#A-Z]+(#[a-z0-9-]+)?$/u, { error: 'a key is a lower-case lemma, or lemma#tag' });
export const glossarySchema = z.record(senseKey, glossEntrySchema);
export type Glossary = z.infer<typeof glossarySchema>;

/** The lemma a sense key belongs to: `banco#seat` → banco. */
export const lemmaOfSense = (key: string) => key.split('#')[0]!;

/** How a token is written for lemma maps and glossaries: NFC, lower case, straight apostrophe. */
export const lowerWord = (word: string) => word.normalize('NFC').toLowerCase().replaceAll('’', "'");

/** One word of a sentence, as the reader taps it, with its lemma and the sense it has there. */
export interface GlossedToken {
  /** Position among the sentence's words (0 for the first word). */
  index: number;
  text: string;
  lemma: string;
  /** Its key in the story's glossary. */
  sense: string;
  entry: GlossEntry;
}

/**
 * The sentence's choice of sense for its `nth` use (1-based) of a word: `senses["la@2"]` for that
 * use alone, else `senses["la"]` for every use. An occurrence's own choice may name a sense of
 * another lemma than the lemma map gives the word (the article "la" → el, the pronoun "la" → la).
 */
function chosenSense(sentence: StorySentence, word: string, nth: number) {
  const entries = Object.entries(sentence.senses).map(([surface, key]) => [lowerWord(surface), key] as const);
  const own = entries.find(([surface]) => surface === `${word}@${nth}`)?.[1];
  return { own, all: entries.find(([surface]) => surface === word)?.[1] };
}

/** The words of a sentence in order, with the lemma and sense key the sentence gives each. */
export function sentenceTokens(sentence: StorySentence): Omit<GlossedToken, 'entry'>[] {
  const lemmas = new Map(
    Object.entries(sentence.lemmas).map(([surface, lemma]) => [lowerWord(surface), lemma]),
  );
  const seen = new Map<string, number>();
  return Array.from(sentence.text.matchAll(WORD_PATTERN), (match, index) => {
    const word = lowerWord(match[0]);
    const nth = (seen.get(word) ?? 0) + 1;
    seen.set(word, nth);
    const { own, all } = chosenSense(sentence, word, nth);
    const lemma = own ? lemmaOfSense(own) : (lemmas.get(word) ?? word);
    return { index, text: match[0], lemma, sense: own ?? all ?? lemma };
  });
}

export interface GlossaryProblem {
  /** chapter.page.sentence, 1-based, or the glossary key. */
  where: string;
  message: string;
}

/**
 * Everything that keeps a story from being fully glossed: a word whose sense has no entry, an
 * entry without a gloss in one of the other languages, a sentence choosing a sense of another
 * lemma, and entries no word uses.
 */
export function glossaryProblems(story: Story, glossary: Glossary): GlossaryProblem[] {
  const problems: GlossaryProblem[] = [];
  const others = LEARNING_LANGUAGES.filter((l) => l !== story.language);
  const used = new Set<string>();
  story.chapters.forEach((chapter, c) =>
    chapter.pages.forEach((page, p) =>
      page.forEach((sentence, s) => {
        const where = `${c + 1}.${p + 1}.${s + 1}`;
        const tokens = sentenceTokens(sentence);
        const uses = new Set(tokens.map((t) => lowerWord(t.text)));
        tokens.forEach((t, i) => {
          const word = lowerWord(t.text);
          uses.add(`${word}@${tokens.slice(0, i + 1).filter((u) => lowerWord(u.text) === word).length}`);
        });
        for (const [surface, key] of Object.entries(sentence.senses)) {
          if (!uses.has(lowerWord(surface))) {
            problems.push({ where, message: `senses: "${surface}" is not a word of the sentence` });
          } else if (!glossary[key]) {
            problems.push({ where, message: `senses: "${surface}" → "${key}" has no glossary entry` });
          }
        }
        for (const token of tokens) {
          const key = token.sense;
          if (lemmaOfSense(key) !== token.lemma) {
            problems.push({
              where,
              message: `"${token.text}": sense "${key}" is not a sense of its lemma "${token.lemma}"`,
            });
          }
          if (glossary[key]) used.add(key);
          else
            problems.push({
              where,
              message: `"${token.text}" (lemma "${token.lemma}") has no glossary entry "${key}"`,
            });
        }
      }),
    ),
  );
  for (const [key, entry] of Object.entries(glossary)) {
    for (const language of others) {
      if (!entry[language]) problems.push({ where: key, message: `no ${language} gloss` });
    }
    if (entry[story.language]) problems.push({ where: key, message: `a gloss in the story's own language` });
    if (!used.has(key)) problems.push({ where: key, message: 'no word of the story uses this entry' });
  }
  return problems;
}

/** Every word of a sentence with its sense's entry; throws on the first unglossed one. */
export function glossedSentence(sentence: StorySentence, glossary: Glossary): GlossedToken[] {
  return sentenceTokens(sentence).map((token) => {
    const entry = glossary[token.sense];
    if (!entry) throw new Error(`"${token.text}" has no glossary entry "${token.sense}"`);
    return { ...token, entry };
  });
}

export type { LearningLanguage };
