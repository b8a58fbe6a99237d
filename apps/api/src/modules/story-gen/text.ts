import { createHash } from 'node:crypto';
import {
  STORY_GEN_COVERAGE_TARGET,
  WORD_PATTERN,
  lemmaKey,
  type Genre,
  type LearningLanguage,
  type Level,
  type PartOfSpeech,
  type StoryCoverage,
} from '@lendo/shared';
import type { StoredSentence, StoredWord } from '../../db/schema.ts';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';

/** Sentences a chapter of each level aims at, and how many a page holds. */
export const SENTENCES_PER_CHAPTER: Record<Level, number> = {
  elementary: 8,
  'pre-intermediate': 10,
  intermediate: 12,
  'upper-intermediate': 14,
  advanced: 16,
};
const SENTENCES_PER_PAGE: Record<Level, number> = {
  elementary: 4,
  'pre-intermediate': 5,
  intermediate: 6,
  'upper-intermediate': 7,
  advanced: 8,
};

export const LANGUAGE_NAMES: Record<LearningLanguage, string> = {
  en: 'English',
  es: 'Spanish (neutral Latin-American)',
  pt: 'Brazilian Portuguese',
};

export const wordsIn = (text: string) => text.match(WORD_PATTERN) ?? [];

/**
 * Glosses sentences word by word with the dictionary: each word's most likely lemma, its part of
 * speech and its translation into `target`. One generation looks each form up once.
 */
export function sentenceGlosser(
  dictionary: DictionaryClient,
  language: LearningLanguage,
  target: LearningLanguage,
) {
  const known = new Map<string, Promise<StoredWord>>();
  const lookup = (form: string) => {
    let word = known.get(form);
    if (!word) {
      word = dictionary.lookup(language, form).then(
        (record): StoredWord => {
          const entry = record?.entries[0];
          const translation = entry?.translations.find((t) => t.language === target)?.translation;
          return {
            lemma: lemmaKey(record?.lemmas[0] ?? form),
            pos: (entry?.pos ?? 'other') as PartOfSpeech,
            glosses: translation ? { [target]: translation } : {},
          };
        },
        // Glosses are a help; a dictionary hiccup leaves the word unglossed rather than failing.
        (): StoredWord => ({ lemma: form, pos: 'other', glosses: {} }),
      );
      known.set(form, word);
    }
    return word;
  };
  return async (text: string, translation: string): Promise<StoredSentence> => {
    const forms = wordsIn(text).map((w) => lemmaKey(w));
    const words = await Promise.all(forms.map(lookup));
    const lemmas: Record<string, string> = {};
    forms.forEach((form, i) => {
      if (words[i]!.lemma !== form) lemmas[form] = words[i]!.lemma;
    });
    return { text, translations: { [target]: translation }, lemmas, words };
  };
}

/** Splits a chapter's sentences into pages of the level's size (the last page takes a short remainder). */
export function paginate<T>(sentences: T[], level: Level): T[][] {
  const size = SENTENCES_PER_PAGE[level];
  const pages: T[][] = [];
  for (let at = 0; at < sentences.length; at += size) pages.push(sentences.slice(at, at + size));
  if (pages.length > 1 && pages.at(-1)!.length < Math.ceil(size / 2)) pages.at(-2)!.push(...pages.pop()!);
  return pages;
}

/**
 * How much of a text the learner already knows: the share of its words whose lemma they marked
 * known (or ignored), and which of the words they chose to practise it uses.
 */
export function coverageOf(
  sentences: StoredSentence[],
  statuses: Map<string, string>,
  chosen: string[],
): StoryCoverage {
  let words = 0;
  let known = 0;
  const seen = new Map<string, string>();
  for (const sentence of sentences) {
    for (const word of sentence.words) {
      words += 1;
      const status = statuses.get(word.lemma);
      if (status === 'known' || status === 'ignored') known += 1;
    }
    for (const [i, form] of wordsIn(sentence.text).entries()) {
      const lemma = sentence.words[i]?.lemma;
      for (const key of [lemmaKey(form), lemma]) if (key && !seen.has(key)) seen.set(key, form);
    }
  }
  const share = words === 0 ? 0 : known / words;
  const practised: string[] = [];
  const missing: string[] = [];
  for (const word of chosen) {
    const form = seen.get(lemmaKey(word));
    if (form) practised.push(word);
    else missing.push(word);
  }
  return {
    words,
    known,
    share,
    verdict:
      share < STORY_GEN_COVERAGE_TARGET.min
        ? 'below'
        : share > STORY_GEN_COVERAGE_TARGET.max
          ? 'above'
          : 'within',
    practised,
    missing,
  };
}

const GENRE_HUES: Record<Genre, number> = {
  'mini-stories': 200,
  adventure: 28,
  fantasy: 270,
  friendship: 330,
  horror: 0,
  humor: 48,
  biography: 215,
  'science-nature': 140,
  music: 300,
  culture: 18,
  poems: 250,
  gastronomy: 36,
};

/** Cover art for a learner's own story: the genre's colours and a pattern drawn from its id. */
export function ownCover(storyId: string, genre: Genre): string {
  const hue = GENRE_HUES[genre];
  const bytes = createHash('sha256').update(storyId).digest();
  const circles = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 30 + (bytes[i * 3]! % 240);
      const y = 40 + (bytes[i * 3 + 1]! % 300);
      const r = 18 + (bytes[i * 3 + 2]! % 60);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 24) % 360} 70% ${70 - i * 6}%)" opacity="0.55"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 60% 38%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 55% 22%)"/>` +
    `</linearGradient></defs><rect width="300" height="400" fill="url(#g)"/>${circles}` +
    `<path d="M95 250h110v70H95z" fill="#fff" opacity="0.85"/><path d="M150 250v70" stroke="hsl(${hue} 50% 40%)" stroke-width="3"/>` +
    `</svg>`
  );
}
