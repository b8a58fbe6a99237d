import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LearningLanguage, PartOfSpeech } from '@lendo/shared';
import { readDictd } from './dictd.ts';

/** Where Debian's dict-freedict-* packages install their databases. */
export const FREEDICT_DIR = '/usr/share/dictd';

const ISO_639_3: Record<LearningLanguage, string> = { en: 'eng', es: 'spa', pt: 'por' };

/** The pairs Debian packages; Spanish ↔ Portuguese has none (the lexicon covers it). */
export const FREEDICT_PAIRS: [LearningLanguage, LearningLanguage][] = [
  ['en', 'pt'],
  ['pt', 'en'],
  ['en', 'es'],
  ['es', 'en'],
];

export function freedictFiles(from: LearningLanguage, to: LearningLanguage, dir = FREEDICT_DIR) {
  const base = join(dir, `freedict-${ISO_639_3[from]}-${ISO_639_3[to]}`);
  const dict = [`${base}.dict.dz`, `${base}.dict`].find((path) => existsSync(path));
  return dict && existsSync(`${base}.index`) ? { index: `${base}.index`, dict } : undefined;
}

export interface FreedictEntry {
  /** As written in the entry (the index folds case). */
  headword: string;
  pronunciation?: string;
  pos: PartOfSpeech;
  /** Numbered senses, each a list of translations. */
  senses: string[][];
}

const POS_TAGS: Record<string, PartOfSpeech> = {
  s: 'noun',
  n: 'noun',
  v: 'verb',
  vt: 'verb',
  vi: 'verb',
  adj: 'adjective',
  adjt: 'adjective',
  adv: 'adverb',
  art: 'article',
  prep: 'preposition',
  conj: 'conjunction',
  pron: 'pronoun',
  num: 'numeral',
  interj: 'interjection',
};

/** "aesthetically, esthetically /iːsθˈɛtɪkli/ /ɛsθˈɛtɪkli/ <adv>": headwords, IPA, part-of-speech tags. */
const FIRST_LINE = /^(.*?)((?:\s+\/[^/]*\/)*)((?:\s+<[^>]*>)*)\s*$/u;

/**
 * One dictd text of a FreeDict database: a first line with the headword (alternatives separated
 * by ", "), pronunciations and tags, then translations, one numbered sense per line when several.
 * Returns one entry per alternative spelling.
 */
export function parseFreedictEntry(text: string): FreedictEntry[] {
  const [first = '', ...rest] = text.split('\n');
  const match = FIRST_LINE.exec(first.trim());
  if (!match) return [];
  const pronunciation = /\/([^/]*)\//.exec(match[2] ?? '')?.[1];
  const tag = /<([a-z]+)/.exec(match[3] ?? '')?.[1];
  const senses = rest
    .map((line) =>
      line
        .trim()
        .replace(/^\d+\.\s*/, '')
        .split(/\s*,\s*/)
        .filter(Boolean),
    )
    .filter((sense) => sense.length > 0);
  return (match[1] ?? '')
    .split(/\s*,\s*/)
    .filter(Boolean)
    .map((headword) => ({ headword, pronunciation, pos: (tag && POS_TAGS[tag]) || 'other', senses }));
}

/** Letters only: IPA stress and length marks are modifier letters and do not count. */
const letters = (text: string) => text.replace(/[^\p{L}]|\p{Lm}/gu, '').length;

/**
 * Every usable entry of a FreeDict database, merged by headword. Cleaning, each for a reason seen
 * in the Debian files: combining forms ("arm-") are not words; a capitalised headword is dropped
 * when a lower-case twin exists (Amor/amor: the proper noun would only add noise to "amor"); and
 * when a headword repeats, entries whose pronunciation is clearly longer than the headword are
 * multi-word phrases that lost their other words in conversion (eng-spa lists "be wrong" as "be").
 */
export function importFreedict(indexPath: string, dictPath: string): FreedictEntry[] {
  const parsed = readDictd(indexPath, dictPath).flatMap((entry) => parseFreedictEntry(entry.text));
  const counts = new Map<string, number>();
  for (const entry of parsed) counts.set(entry.headword, (counts.get(entry.headword) ?? 0) + 1);
  const lower = new Set(parsed.map((entry) => entry.headword).filter((h) => h === h.toLowerCase()));

  const merged = new Map<string, FreedictEntry>();
  for (const entry of parsed) {
    const { headword, pronunciation } = entry;
    if (headword.startsWith('-') || headword.endsWith('-') || entry.senses.length === 0) continue;
    if (headword !== headword.toLowerCase() && lower.has(headword.toLowerCase())) continue;
    const repeated = (counts.get(headword) ?? 0) > 1;
    if (repeated && pronunciation && letters(pronunciation) > letters(headword) + 1) continue;
    const known = merged.get(headword);
    if (!known) merged.set(headword, { ...entry, senses: [...entry.senses] });
    else {
      known.senses.push(...entry.senses);
      if (known.pos === 'other') known.pos = entry.pos;
    }
  }
  return [...merged.values()];
}
