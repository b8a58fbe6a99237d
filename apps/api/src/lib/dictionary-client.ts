import {
  examplesResult,
  wordRecord,
  type ExampleSentence,
  type LearningLanguage,
  type WordRecord,
} from '@lendo/shared';
import type { Dictionary } from '@lendo/dictionary';
import type { z } from 'zod';
import { serviceUnavailable } from './errors.ts';

/**
 * How API modules reach the dictionary: in process by default, or over HTTP when the dictionary
 * runs as its own service (DICTIONARY_URL). Both answer the same way; an unreachable dictionary
 * is a 503.
 */
export interface DictionaryClient {
  /** The word's lemmas and their entries; null when the dictionary has no entry for it. */
  lookup(language: LearningLanguage, word: string): Promise<WordRecord | null>;
  /**
   * Sentences that use the word in any of its forms, with their authored translations; the
   * examples of the most likely lemma come first, its own lexicon example first of all.
   * `limit` is at most EXAMPLES_MAX_LIMIT.
   */
  examples(language: LearningLanguage, word: string, limit: number): Promise<ExampleSentence[]>;
}

const withEntries = (record: WordRecord | null) => (record && record.entries.length > 0 ? record : null);

export function inProcessDictionary(dictionary: Dictionary): DictionaryClient {
  return {
    lookup: async (language, word) => withEntries(dictionary.lookup(language, word)),
    examples: async (language, word, limit) => dictionary.examples(language, word, limit).examples,
  };
}

const DICTIONARY_TIMEOUT_MS = 5_000;

/** The dictionary service's HTTP API (paths in packages/shared/src/dictionary.ts). */
export function httpDictionary(baseUrl: string, fetchImpl: typeof fetch = fetch): DictionaryClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(`${base}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(DICTIONARY_TIMEOUT_MS),
      });
      body = await response.json();
    } catch (err) {
      throw serviceUnavailable('error.dictionary-unavailable', err);
    }
    if (!response.ok) {
      throw serviceUnavailable('error.dictionary-unavailable', `GET ${path}: HTTP ${response.status}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw serviceUnavailable('error.dictionary-unavailable', parsed.error);
    return parsed.data;
  }

  const path = (language: LearningLanguage, kind: string, word: string) =>
    `/v1/${language}/${kind}/${encodeURIComponent(word)}`;

  return {
    lookup: async (language, word) => withEntries(await get(path(language, 'words', word), wordRecord)),
    examples: async (language, word, limit) =>
      (await get(`${path(language, 'examples', word)}?limit=${limit}`, examplesResult)).examples,
  };
}
