import { EXAMPLES_MAX_LIMIT, normalizeSentence, wordQuery, type LearningLanguage } from '@lendo/shared';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';

export interface SentenceQuery {
  /** Language of the sentence. */
  language: LearningLanguage;
  sentence: string;
  /** The word the learner asked about, which the sentence contains. */
  word: string;
  target: LearningLanguage;
}

/** Authored translations of sentences: the story library's and the lexicon examples'. */
export interface SentenceTranslations {
  /** The authored translation of the sentence into `target`, or null when none is known. */
  find(query: SentenceQuery): Promise<string | null>;
}

const WORDS = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*/gu;
/** Lexicon examples are short sentences; a longer one cannot be among them. */
const MAX_EXAMPLE_WORDS = 30;

/**
 * The dictionary's example sentences, matched exactly once whitespace is normalised. Each example
 * illustrates a lemma that it uses in some form, and comes first among that lemma's examples; so
 * asking for the examples of each word of the sentence finds it if it is one.
 */
export function lexiconSentences(dictionary: DictionaryClient): SentenceTranslations {
  return {
    async find({ language, sentence, word, target }) {
      const wanted = normalizeSentence(sentence);
      const words = wanted.match(WORDS) ?? [];
      if (words.length > MAX_EXAMPLE_WORDS) return null;
      const candidates = [...new Set([word, ...words].map((w) => w.toLowerCase()))].filter(
        (w) => wordQuery.shape.word.safeParse(w).success,
      );
      const lists = await Promise.all(
        candidates.map((w) => dictionary.examples(language, w, EXAMPLES_MAX_LIMIT)),
      );
      for (const examples of lists) {
        const match = examples.find((example) => normalizeSentence(example.sentence) === wanted);
        const translation = match?.translations.find((t) => t.language === target)?.translation;
        if (translation) return translation;
      }
      return null;
    },
  };
}

/** Asks each source in turn; the first translation found wins. */
export function firstTranslation(sources: SentenceTranslations[]): SentenceTranslations {
  return {
    async find(query) {
      for (const source of sources) {
        const translation = await source.find(query);
        if (translation) return translation;
      }
      return null;
    },
  };
}
