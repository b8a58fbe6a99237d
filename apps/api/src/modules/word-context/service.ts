import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  normalizeSentence,
  toLearningLanguage,
  translationLanguageFor,
  type LearningLanguage,
  type Locale,
  type TranslationLanguage,
  type WordContext,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';
import { LlmError, type LlmClient } from '../../lib/llm.ts';
import { modelAnswer, wordContextMessages, type ModelAnswer } from './prompt.ts';
import { wordContextRepository } from './repository.ts';
import type { SentenceTranslations } from './sentence-translations.ts';

export interface WordContextDeps {
  db: Db;
  dictionary: DictionaryClient;
  sentences: SentenceTranslations;
  /** The configured language model; without one every answer comes from the dictionary. */
  llm: LlmClient | null;
  localeOf(userId: string): Promise<Locale>;
  log: FastifyBaseLogger;
}

interface Question {
  word: string;
  sentence: string;
  language: LearningLanguage;
  target: TranslationLanguage;
}

const cacheKey = (q: Question) =>
  createHash('sha256')
    .update(JSON.stringify([q.language, q.word.toLowerCase(), q.sentence, q.target]))
    .digest('hex');

export function createWordContextService({ db, dictionary, sentences, llm, localeOf, log }: WordContextDeps) {
  /** Asks the model, once per question; null when it fails, so the dictionary answers instead. */
  async function fromModel(model: LlmClient, question: Question): Promise<WordContext | null> {
    const key = cacheKey(question);
    const cached = await wordContextRepository.find(db, key);
    let answer: ModelAnswer;
    if (cached) {
      answer = {
        word_translation: cached.wordTranslation,
        definition: cached.definition,
        translation: cached.translation,
      };
    } else {
      try {
        answer = await model.chatJson(wordContextMessages(question), modelAnswer);
      } catch (err) {
        if (!(err instanceof LlmError)) throw err;
        log.warn({ err, failure: err.failure }, 'the language model failed; answering from the dictionary');
        return null;
      }
      await wordContextRepository.insert(db, {
        key,
        language: question.language,
        word: question.word,
        sentence: question.sentence,
        targetLanguage: question.target,
        wordTranslation: answer.word_translation,
        definition: answer.definition,
        translation: answer.translation,
        model: model.model,
      });
    }
    return { ...answer, source: 'model', translation_source: 'model', target_language: question.target };
  }

  /** The dictionary's entry for the word and an authored translation of the sentence, if any. */
  async function offline(question: Question): Promise<WordContext> {
    const target = toLearningLanguage(question.target);
    const [record, translation] = await Promise.all([
      dictionary.lookup(question.language, question.word),
      sentences.find({
        language: question.language,
        sentence: question.sentence,
        word: question.word,
        target,
      }),
    ]);
    const entry = record?.entries[0];
    const translated = entry?.translations.find((t) => t.language === target);
    return {
      word_translation: translated?.translation ?? '',
      definition: translated?.definition || entry?.definition || '',
      translation: translation ?? '',
      source: 'dictionary',
      translation_source: translation ? 'authored' : 'none',
      target_language: question.target,
    };
  }

  return {
    async explain(
      userId: string,
      query: { word: string; sentence: string; language: LearningLanguage },
    ): Promise<WordContext> {
      const question: Question = {
        word: query.word,
        sentence: normalizeSentence(query.sentence),
        language: query.language,
        target: translationLanguageFor(await localeOf(userId), query.language),
      };
      return (llm && (await fromModel(llm, question))) ?? offline(question);
    },
  };
}

export type WordContextService = ReturnType<typeof createWordContextService>;
