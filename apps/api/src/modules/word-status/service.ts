import {
  LEARNING_LANGUAGES,
  type LearningLanguage,
  type MarkKnownResult,
  type WordLookupResult,
  type WordStatus,
  type WordStatusMap,
  type WordStatusResult,
  type WordStatusSummary,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { wordStatusRepository as statuses } from './repository.ts';

export interface WordStatusDeps {
  db: Db;
  clock: Clock;
  /** Answers "again" for the learner's due cards of the word; returns how many there were. */
  lapseDueCards(userId: string, language: LearningLanguage, lemma: string): Promise<number>;
}

export function createWordStatusService({ db, clock, lapseDueCards }: WordStatusDeps) {
  const statusOf = async (userId: string, language: LearningLanguage, lemma: string): Promise<WordStatus> =>
    (await statuses.find(db, userId, language, lemma)) ?? 'new';

  return {
    async map(userId: string, language: LearningLanguage): Promise<WordStatusMap> {
      const rows = await statuses.list(db, userId, language);
      return {
        language,
        statuses: Object.fromEntries(rows.map((row) => [row.lemma, row.status])) as WordStatusMap['statuses'],
      };
    },

    async set(
      userId: string,
      { language, lemma, status }: { language: LearningLanguage; lemma: string; status: WordStatus },
    ): Promise<WordStatusResult> {
      if (status === 'new') await statuses.remove(db, userId, language, lemma);
      else await statuses.set(db, { userId, language, lemma, status }, clock.now());
      return { language, lemma, status };
    },

    async markNewKnown(
      userId: string,
      { language, lemmas }: { language: LearningLanguage; lemmas: string[] },
    ): Promise<MarkKnownResult> {
      return { marked: await statuses.addNew(db, userId, language, lemmas, 'known', clock.now()) };
    },

    /** A look-up while reading: a new word becomes learning, and the word's due cards lapse. */
    async lookedUp(
      userId: string,
      { language, lemma }: { language: LearningLanguage; lemma: string },
    ): Promise<WordLookupResult> {
      await statuses.addNew(db, userId, language, [lemma], 'learning', clock.now());
      const lapsed = await lapseDueCards(userId, language, lemma);
      return { language, lemma, status: await statusOf(userId, language, lemma), lapsed };
    },

    async summary(userId: string): Promise<WordStatusSummary> {
      const rows = await statuses.counts(db, userId);
      const of = (language: LearningLanguage, status: string) =>
        rows.find((row) => row.language === language && row.status === status)?.words ?? 0;
      return {
        languages: LEARNING_LANGUAGES.map((language) => ({
          language,
          known: of(language, 'known'),
          learning: of(language, 'learning'),
        })),
      };
    },
  };
}

export type WordStatusService = ReturnType<typeof createWordStatusService>;
