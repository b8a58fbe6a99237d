import {
  toLearningLanguage,
  translationLanguageFor,
  WORD_USE_CASES_MAX,
  type LearningLanguage,
  type Locale,
  type WordUseCases,
} from '@lendo/shared';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';

export interface WordsDeps {
  dictionary: DictionaryClient;
  /** The interface language of a user, which decides the language of translations. */
  localeOf(userId: string): Promise<Locale>;
}

export function createWordsService({ dictionary, localeOf }: WordsDeps) {
  return {
    /** Sentences that use the word (any of its forms), each with its translation for the user. */
    async useCases(
      userId: string,
      query: { word: string; language: LearningLanguage },
    ): Promise<WordUseCases> {
      const target = translationLanguageFor(await localeOf(userId), query.language);
      const examples = await dictionary.examples(query.language, query.word, WORD_USE_CASES_MAX);
      return {
        word: query.word,
        use_cases: examples.map((example) => ({
          sentence: example.sentence,
          translations: example.translations
            .filter((t) => t.language === toLearningLanguage(target))
            .map((t) => ({ language: target, translation: t.translation })),
        })),
      };
    },
  };
}

export type WordsService = ReturnType<typeof createWordsService>;
