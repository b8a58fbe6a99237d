import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  WORD_PATTERN,
  normalizeSentence,
  toLearningLanguage,
  translationLanguageFor,
  type LearningLanguage,
  type Locale,
  type TranslationLanguage,
  type WordContext,
} from '@lendo/shared';
import type { Db } from '../../db/client.ts';
import type { StoredSentence } from '../../db/schema.ts';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';
import { LlmError, type LlmClient } from '../../lib/llm.ts';
import { modelAnswer, wordContextMessages, type ModelAnswer } from './prompt.ts';
import { wordContextRepository } from './repository.ts';
import type { SentenceTranslations } from './sentence-translations.ts';

export interface WordContextDeps {
  db: Db;
  dictionary: DictionaryClient;
  sentences: SentenceTranslations;
  /** The story library's sentence with this exact text, or null: its words carry authored glosses. */
  librarySentence(language: LearningLanguage, text: string): Promise<StoredSentence | null>;
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
  /** Which of the sentence's words was asked about, when the caller said. */
  index?: number;
}

const lower = (word: string) => word.normalize('NFC').toLowerCase().replaceAll('’', "'");

/** Where the word asked about stands among the sentence's words: at `index` if it is there, else its first use. */
function wordPosition(question: Question): number {
  const words = Array.from(question.sentence.matchAll(WORD_PATTERN), (m) => lower(m[0]));
  const wanted = lower(question.word);
  if (question.index !== undefined && words[question.index] === wanted) return question.index;
  return words.indexOf(wanted);
}

const cacheKey = (q: Question) =>
  createHash('sha256')
    .update(JSON.stringify([q.language, q.word.toLowerCase(), q.sentence, q.target]))
    .digest('hex');

export function createWordContextService({
  db,
  dictionary,
  sentences,
  librarySentence,
  llm,
  localeOf,
  log,
}: WordContextDeps) {
  /**
   * The story glossary's sense of the word in a library sentence, with the sentence's authored
   * translation; null for other text. The definition is the dictionary's, in the target language,
   * for the same lemma and part of speech, when it has one.
   */
  async function fromGlossary(question: Question): Promise<WordContext | null> {
    const target = toLearningLanguage(question.target);
    const stored = await librarySentence(question.language, question.sentence);
    const word = stored?.words[wordPosition(question)];
    const gloss = word?.glosses[target];
    if (!stored || !word || !gloss) return null;
    const record = await dictionary.lookup(question.language, word.lemma);
    const entry = record?.entries.find((e) => lower(e.lemma) === word.lemma && e.pos === word.pos);
    const definition =
      entry?.translations.find((t) => t.language === target && t.definition)?.definition ?? '';
    const translation = stored.translations[target] ?? '';
    return {
      word_translation: gloss,
      definition,
      definition_language: definition ? target : null,
      lemma: word.lemma,
      pos: word.pos,
      translation,
      source: 'glossary',
      translation_source: translation ? 'authored' : 'none',
      target_language: question.target,
    };
  }

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
    return {
      ...answer,
      definition_language: toLearningLanguage(question.target),
      lemma: '',
      pos: null,
      source: 'model',
      translation_source: 'model',
      target_language: question.target,
    };
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
    // A definition in the learner's language when the dictionary has one, else the word's own, said as such.
    const [definition, definitionLanguage] = translated?.definition
      ? [translated.definition, target]
      : [entry?.definition ?? '', question.language];
    return {
      word_translation: translated?.translation ?? '',
      definition,
      definition_language: definition ? definitionLanguage : null,
      lemma: entry?.lemma ?? '',
      pos: entry?.pos ?? null,
      translation: translation ?? '',
      source: 'dictionary',
      translation_source: translation ? 'authored' : 'none',
      target_language: question.target,
    };
  }

  return {
    async explain(
      userId: string,
      query: { word: string; sentence: string; language: LearningLanguage; index?: number },
    ): Promise<WordContext> {
      const question: Question = {
        word: query.word,
        sentence: normalizeSentence(query.sentence),
        language: query.language,
        target: translationLanguageFor(await localeOf(userId), query.language),
        index: query.index,
      };
      return (await fromGlossary(question)) ?? (llm && (await fromModel(llm, question))) ?? offline(question);
    },
  };
}

export type WordContextService = ReturnType<typeof createWordContextService>;
