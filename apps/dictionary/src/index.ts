// The programmatic face of the dictionary, for the API to use in process.
export { dictionaryApp, type DictionaryAppOptions } from './app.ts';
export {
  DEFAULT_DATA_DIR,
  ensureStore,
  loadDictionary,
  type Dictionary,
  type LoadOptions,
} from './dictionary.ts';
export { buildStore } from './build/build-store.ts';
export { readLexicon } from './build/lexicon.ts';
export type { StoreMeta } from './store.ts';
