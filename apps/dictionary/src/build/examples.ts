import { LEARNING_LANGUAGES, type ExampleSentence, type LearningLanguage } from '@lendo/shared';
import type { StoreTables } from '../store.ts';
import { MapStore } from './map-store.ts';
import { otherLanguages, type Lexicons } from './entries.ts';

interface ExampleSource {
  /** The same sentence in each language it exists in. */
  texts: Partial<Record<LearningLanguage, string>>;
  owner: { language: LearningLanguage; lemma: string };
}

/** Every lexicon example is a parallel sentence usable in each of the three languages. */
export function exampleSources(lexicons: Lexicons): ExampleSource[] {
  return LEARNING_LANGUAGES.flatMap((language) =>
    lexicons[language].map((row) => ({
      texts: { ...row.example.translations, [language]: row.example.sentence },
      owner: { language, lemma: row.lemma },
    })),
  );
}

const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;

/** Candidate lemma ids of each word of a sentence; a contraction or compound falls back to its parts. */
function sentenceLemmas(store: MapStore, sentence: string): number[][] {
  return [...sentence.matchAll(WORD)].flatMap(([token]) => {
    const whole = store.lemmaIds(token);
    if (whole.length > 0) return [whole];
    return token.split(/['’-]/).map((part) => store.lemmaIds(part));
  });
}

/**
 * Fills the store tables' sentences and, per lemma, the sentences that use one of its forms (found
 * with the store's own lemmatization), best first.
 */
export function buildExamples(file: StoreTables, sources: ExampleSource[], lemmaId: Map<string, number>) {
  const store = new MapStore(file);
  const language = file.language;
  const seen = new Set<string>();
  const ranked = new Map<number, { id: number; weight: number }[]>();
  const link = (lemma: number, id: number, weight: number) => {
    const list = ranked.get(lemma) ?? [];
    const known = list.find((item) => item.id === id);
    if (known) known.weight = Math.min(known.weight, weight);
    else list.push({ id, weight });
    ranked.set(lemma, list);
  };
  for (const { texts, owner } of sources) {
    const sentence = texts[language];
    if (!sentence || seen.has(sentence)) continue;
    seen.add(sentence);
    const id = file.examples.length;
    const translations = otherLanguages(language).flatMap((to) => {
      const translation = texts[to];
      return translation ? [{ language: to, translation }] : [];
    });
    file.examples.push({ sentence, translations } satisfies ExampleSentence);
    // Weights: the lexicon's own example for its lemma, then the word's likeliest lemma, then others.
    const ownId = owner.language === language ? lemmaId.get(owner.lemma) : undefined;
    if (ownId !== undefined) link(ownId, id, 0);
    for (const candidates of sentenceLemmas(store, sentence)) {
      candidates.forEach((lemma, i) => link(lemma, id, i === 0 ? 1 : 2));
    }
  }
  file.exampleIndex = [...ranked].map(([lemma, list]) => [
    lemma,
    list.sort((a, b) => a.weight - b.weight || a.id - b.id).map((item) => item.id),
  ]);
}
