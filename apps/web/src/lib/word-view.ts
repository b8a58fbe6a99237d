import {
  toLearningLanguage,
  type DictionaryEntry,
  type LearningLanguage,
  type TranslationLanguage,
  type WordTranslation,
} from '@lendo/shared';

/** What is looked up for a typed text: trimmed, single-spaced, composed and lower-cased. */
export function normalizeLookup(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** An entry's translations into one language (the dictionary may hold several). */
export interface TranslationGroup {
  language: LearningLanguage;
  translations: WordTranslation[];
}

/** Translations grouped by language: the learner's translation language first, the others in order. */
export function groupTranslations(
  translations: readonly WordTranslation[],
  preferred: TranslationLanguage,
): TranslationGroup[] {
  const groups = new Map<LearningLanguage, WordTranslation[]>([[toLearningLanguage(preferred), []]]);
  for (const item of translations) {
    const group = groups.get(item.language);
    if (group) group.push(item);
    else groups.set(item.language, [item]);
  }
  return [...groups]
    .filter(([, items]) => items.length > 0)
    .map(([language, items]) => ({ language, translations: items }));
}

/** The lemmas the word is a form of, other than itself: "went" → ["go"]. */
export function lemmasOtherThan(word: string, entries: readonly DictionaryEntry[]): string[] {
  const key = normalizeLookup(word);
  return [...new Set(entries.map((entry) => entry.lemma))].filter((lemma) => normalizeLookup(lemma) !== key);
}

/** The translation in the preferred language, else the first one there is. */
export function pickTranslation<T extends { language: string; translation: string }>(
  translations: readonly T[],
  preferred: string,
): T | undefined {
  return translations.find((item) => item.language === preferred) ?? translations[0];
}

/**
 * Splits a sentence into runs of text, marking the words that are one of `forms` (any case), so
 * the looked-up word can be highlighted where the sentence uses it.
 */
export function markForms(sentence: string, forms: readonly string[]): { text: string; marked: boolean }[] {
  const wanted = new Set(forms.map(normalizeLookup));
  const runs: { text: string; marked: boolean }[] = [];
  for (const part of sentence.split(/([\p{L}\p{M}'’-]+)/u)) {
    if (!part) continue;
    const marked = wanted.has(normalizeLookup(part.replaceAll('’', "'")));
    const last = runs.at(-1);
    if (last && !last.marked && !marked) last.text += part;
    else runs.push({ text: part, marked });
  }
  return runs;
}
