import { resolve } from 'node:path';
import {
  LEARNING_LANGUAGES,
  type ExamplesResult,
  type LearningLanguage,
  type LemmaResult,
  type WordRecord,
} from '@lendo/shared';
import { buildStore } from './build/build-store.ts';
import { sourceFingerprint } from './build/fingerprint.ts';
import { LanguageStore, STORE_VERSION, readStoreMeta, storePath, type StoreMeta } from './store.ts';
import { StoreFormatError } from './store-format.ts';

/** Where the store lives when nobody says: beside the API's default data folder. */
export const DEFAULT_DATA_DIR = '.data/dictionary';

export interface Dictionary {
  meta: StoreMeta;
  /** The word record: candidate lemmas (most likely first) and their entries. */
  lookup(language: LearningLanguage, word: string): WordRecord;
  lemmas(language: LearningLanguage, word: string): LemmaResult;
  /** Sentences using the word in any of its forms, with translations; `limit` is not capped here. */
  examples(language: LearningLanguage, word: string, limit: number): ExamplesResult;
}

export interface LoadOptions {
  /** Told when the store has to be (re)built, which takes several seconds. */
  log?: (message: string) => void;
}

/** Builds the store when it is missing, from another version, or from other sources than today's. */
export async function ensureStore(dataDir: string, { log }: LoadOptions = {}): Promise<StoreMeta> {
  const meta = readStoreMeta(dataDir);
  if (meta?.version === STORE_VERSION && meta.fingerprint === sourceFingerprint()) return meta;
  log?.(`building the dictionary store in ${dataDir}`);
  const built = await buildStore(dataDir);
  log?.(`dictionary store built in ${built.buildMs} ms`);
  return built;
}

const loaded = new Map<string, Promise<Dictionary>>();

/**
 * Opens the store in `dataDir` (building it first if needed). Each folder is loaded once per
 * process, so the HTTP plugin and in-process callers share the same tables.
 */
export function loadDictionary(
  dataDir: string = DEFAULT_DATA_DIR,
  options: LoadOptions = {},
): Promise<Dictionary> {
  const dir = resolve(dataDir);
  let dictionary = loaded.get(dir);
  if (!dictionary) {
    dictionary = open(dir, options);
    loaded.set(dir, dictionary);
    dictionary.catch(() => loaded.delete(dir));
  }
  return dictionary;
}

async function open(dataDir: string, options: LoadOptions): Promise<Dictionary> {
  const meta = await ensureStore(dataDir, options);
  try {
    return dictionaryOf(meta, openStores(dataDir));
  } catch (err) {
    // A store whose meta.json is current but whose files are missing, cut short or of another
    // layout (a build interrupted between files, a copied folder): rebuild it rather than fail.
    const code = (err as NodeJS.ErrnoException).code;
    if (!(err instanceof StoreFormatError) && code !== 'ENOENT') throw err;
    options.log?.(
      `the dictionary store in ${dataDir} cannot be read (${(err as Error).message}): rebuilding it`,
    );
    const rebuilt = await buildStore(dataDir);
    return dictionaryOf(rebuilt, openStores(dataDir));
  }
}

/** Opens each language's file; closes those already open when one fails. */
function openStores(dataDir: string): Map<LearningLanguage, LanguageStore> {
  const stores = new Map<LearningLanguage, LanguageStore>();
  try {
    for (const language of LEARNING_LANGUAGES)
      stores.set(language, new LanguageStore(storePath(dataDir, language), language));
  } catch (err) {
    for (const store of stores.values()) store.close();
    throw err;
  }
  return stores;
}

function dictionaryOf(meta: StoreMeta, stores: Map<LearningLanguage, LanguageStore>): Dictionary {
  const store = (language: LearningLanguage) => {
    const found = stores.get(language);
    if (!found) throw new RangeError(`not a dictionary language: ${language}`);
    return found;
  };
  return {
    meta,
    lookup: (language, word) => store(language).lookup(word),
    lemmas: (language, word) => store(language).lemmas(word),
    examples: (language, word, limit) => store(language).examples(word, limit),
  };
}
