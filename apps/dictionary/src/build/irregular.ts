import { existsSync, readFileSync } from 'node:fs';
import type { LearningLanguage } from '@lendo/shared';
import { normalizeWord } from '../normalize.ts';

/** Curated irregular forms: data/irregular/<language>.tsv. */
export const IRREGULAR_DIR = new URL('../../data/irregular/', import.meta.url);

/**
 * Reads "lemma<TAB>form form form…" lines (# starts a comment) into form → lemmas. A form listed
 * under several lemmas (Spanish "fui": ir and ser) keeps them all, in file order.
 */
export function readIrregular(language: LearningLanguage, dir: URL | string = IRREGULAR_DIR) {
  const forms = new Map<string, string[]>();
  const file = new URL(`${language}.tsv`, dir);
  if (!existsSync(file)) return forms;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [lemma, list] = line.replace(/#.*/, '').split('\t');
    if (!lemma?.trim() || !list) continue;
    for (const form of list.split(/\s+/).filter(Boolean).map(normalizeWord)) {
      const lemmas = forms.get(form) ?? [];
      if (!lemmas.includes(lemma.trim())) lemmas.push(lemma.trim());
      forms.set(form, lemmas);
    }
  }
  return forms;
}
