import { normalizeSentence, type LearningLanguage } from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { SentenceTranslations } from '../word-context/sentence-translations.ts';
import { storiesRepository } from './repository.ts';

/** Sentences of the story library, matched exactly (whitespace aside) in the story's language. */
export function storySentences(db: Db): SentenceTranslations {
  return {
    async find({ language, sentence, target }) {
      const found = await storiesRepository.findSentence(db, language, normalizeSentence(sentence));
      return found?.translations[target] ?? null;
    },
  };
}

/** The library's stored sentence with this text (whitespace aside), its glossed words included. */
export const librarySentence = (db: Db) => (language: LearningLanguage, sentence: string) =>
  storiesRepository.findSentence(db, language, normalizeSentence(sentence));
