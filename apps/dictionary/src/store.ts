import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DictionaryEntry,
  ExampleSentence,
  ExamplesResult,
  LearningLanguage,
  LemmaResult,
  WordRecord,
} from '@lendo/shared';
import { foldAccents, normalizeWord } from './normalize.ts';
import { readStoreLayout, type KeyTable, type ListPool, type StoreLayout } from './store-format.ts';

/**
 * Bumped when the file layout changes (a store of another version is rebuilt at the next start);
 * the store fingerprint also covers the build code. 1: one JSON file per language; 2: one binary
 * file per language, its index kept in memory and its records read from disk per lookup.
 */
export const STORE_VERSION = 2;

/** Most forms have one lemma: a bare number then saves an array per form while building. */
export type LemmaIds = number | number[];

export const asList = (ids: LemmaIds | undefined): number[] | undefined =>
  typeof ids === 'number' ? [ids] : ids;

/**
 * One language's tables as the build makes them (`build/build-store.ts`), before they are written
 * as `<language>.dict` (`store-format.ts`). Lemmas are referred to by their index in `lemmas`.
 */
export interface StoreTables {
  language: LearningLanguage;
  lemmas: string[];
  /** lemma id → its entries (lexicon first) as JSON text. */
  entries: [number, string][];
  /** lower-case form → candidate lemma ids, most likely first; a bare id when there is one. */
  forms: [string, LemmaIds][];
  /** accent-free key → the known forms that fold to it ("esta" → ["está", "ésta"]). */
  folded: [string, string[]][];
  /** Portuguese clitic hosts: "fazê" (of "fazê-lo") → fazer. */
  clitics: [string, LemmaIds][];
  examples: ExampleSentence[];
  /** lemma id → example ids, the lemma's own lexicon example first. */
  exampleIndex: [number, number[]][];
}

export interface StoreMeta {
  version: number;
  fingerprint: string;
  builtAt: string;
  buildMs: number;
  sources: string[];
  counts: Record<LearningLanguage, { lemmas: number; entries: number; forms: number; examples: number }>;
}

export const storePath = (dataDir: string, language: LearningLanguage) => join(dataDir, `${language}.dict`);
/** Where version 1 kept a language, removed when the store is rebuilt. */
export const legacyStorePath = (dataDir: string, language: LearningLanguage) =>
  join(dataDir, `${language}.json`);
export const metaPath = (dataDir: string) => join(dataDir, 'meta.json');

/**
 * The questions a word store answers, whichever way it keeps its tables: the loaded binary store
 * below, or the build's maps (`build/map-store.ts`). Both share the rules of `lemmaIds`,
 * `lookup` and `examples`, so the build's view of a form is the server's.
 */
export abstract class WordStore {
  abstract readonly language: LearningLanguage;
  /** The candidate lemma ids of a normalized form, undefined when the form is unknown. */
  protected abstract form(key: string): number[] | undefined;
  /** The lemma ids of a Portuguese clitic host ("fazê"). */
  protected abstract clitic(key: string): number[] | undefined;
  /** The known forms that fold to an accent-free key. */
  protected abstract folded(key: string): string[] | undefined;
  protected abstract lemmaName(id: number): string;
  /** The lemma's entries, a copy of its own for the caller; empty when it has none. */
  protected abstract entriesOf(id: number): DictionaryEntry[];
  /** The lemma's example ids, best first. */
  protected abstract exampleIdsOf(lemma: number): Iterable<number> | undefined;
  /** An example sentence, a copy of its own for the caller. */
  protected abstract example(id: number): ExampleSentence;

  /**
   * Candidate lemma ids of a word: its exact (case-folded) form; for a hyphenated Portuguese word,
   * its clitic host; else every known form that differs from it only in accents.
   */
  lemmaIds(word: string): number[] {
    const key = normalizeWord(word);
    const exact = this.form(key);
    if (exact) return exact;
    const hyphen = key.indexOf('-');
    const host = hyphen > 0 ? this.clitic(key.slice(0, hyphen)) : undefined;
    if (host) return host;
    const folded = foldAccents(key);
    const forms = [folded, ...(this.folded(folded) ?? [])];
    const ids = forms.flatMap((form) => this.form(form) ?? []);
    return ids.length > 1 ? [...new Set(ids)] : ids;
  }

  lemmas(word: string): LemmaResult {
    return {
      word: word.trim(),
      language: this.language,
      lemmas: this.lemmaIds(word).map((id) => this.lemmaName(id)),
    };
  }

  lookup(word: string): WordRecord {
    const ids = this.lemmaIds(word);
    return {
      word: word.trim(),
      language: this.language,
      lemmas: ids.map((id) => this.lemmaName(id)),
      entries: ids.flatMap((id) => this.entriesOf(id)),
    };
  }

  /** Sentences using any form of the word's lemmas, most likely lemma first, without repeats; copies. */
  examples(word: string, limit: number): ExamplesResult {
    const ids = new Set<number>();
    for (const lemma of this.lemmaIds(word)) {
      for (const id of this.exampleIdsOf(lemma) ?? []) {
        if (ids.size >= limit) break;
        ids.add(id);
      }
    }
    return {
      word: word.trim(),
      language: this.language,
      examples: [...ids].map((id) => this.example(id)),
    };
  }
}

/**
 * A bounded cache of record texts in two generations, counted by their length in characters: a
 * hit in the recent one is one Map read; a hit in the older one moves the text to the recent one;
 * when the recent one is full it becomes the older one and the previous older one is dropped. So
 * texts used since the last turn stay, at most `maxChars` are kept, and a hit costs no reordering
 * (a close approximation of least recently used).
 */
export class TextCache {
  private recent = new Map<number, string>();
  private older = new Map<number, string>();
  private recentChars = 0;
  private olderChars = 0;
  private readonly half: number;

  constructor(maxChars: number) {
    this.half = Math.floor(maxChars / 2);
  }

  get(key: number): string | undefined {
    const text = this.recent.get(key);
    if (text !== undefined) return text;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.olderChars -= old.length;
      this.add(key, old);
    }
    return old;
  }

  set(key: number, text: string) {
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.olderChars -= old.length;
    }
    this.add(key, text);
  }

  private add(key: number, text: string) {
    if (text.length > this.half) return;
    const replaced = this.recent.get(key);
    if (replaced !== undefined) this.recentChars -= replaced.length;
    else if (this.recentChars + text.length > this.half) {
      this.older = this.recent;
      this.olderChars = this.recentChars;
      this.recent = new Map();
      this.recentChars = 0;
    }
    this.recent.set(key, text);
    this.recentChars += text.length;
  }

  get chars() {
    return this.recentChars + this.olderChars;
  }

  get count() {
    return this.recent.size + this.older.size;
  }
}

/** The characters of record text each language keeps in memory (1 or 2 bytes each in V8). */
export const RECORD_CACHE_CHARS = 1 << 20;

/** Reused for record reads that fit, so a lookup allocates no buffer of its own. */
const readBuffer = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * One language's store, `<language>.dict`, opened: its index (forms, folded forms, clitic hosts,
 * lemma names and the offsets of each record, a few MB of typed arrays in one buffer outside the
 * JS heap) is read into memory; its records (entries and example sentences, JSON text) stay on
 * disk and are read with one `pread` each, the operating system's page cache keeping the hot ones
 * in RAM, and the last ones read in a small `TextCache`. Finding a form is one hash probe.
 */
export class LanguageStore extends WordStore {
  readonly language: LearningLanguage;
  private readonly fd: number;
  private readonly layout: StoreLayout;
  private readonly forms: KeyTable;
  private readonly clitics: KeyTable;
  private readonly foldedForms: KeyTable;
  private readonly lists: ListPool;
  private readonly cache: TextCache;

  /** Opens `path`; throws a `StoreFormatError` when it is not a store of this version and language. */
  constructor(path: string, language: LearningLanguage, { cacheChars = RECORD_CACHE_CHARS } = {}) {
    super();
    this.language = language;
    this.cache = new TextCache(cacheChars);
    this.fd = openSync(path, 'r');
    try {
      this.layout = readStoreLayout(this.fd, STORE_VERSION, language);
    } catch (err) {
      closeSync(this.fd);
      throw err;
    }
    const { tables } = this.layout;
    this.forms = tables.forms;
    this.clitics = tables.clitics;
    this.foldedForms = tables.folded;
    this.lists = tables.lists;
  }

  /** Bytes of the index held in memory. */
  get residentBytes() {
    return this.layout.residentBytes;
  }

  /** Characters of record text in the cache (at most the `cacheChars` it was opened with). */
  get cachedChars() {
    return this.cache.chars;
  }

  /** Closes the file; the store must not be used afterwards. */
  close() {
    closeSync(this.fd);
  }

  protected form(key: string) {
    const i = this.forms.find(key);
    return i < 0 ? undefined : this.lists.get(this.forms.value[i]!);
  }

  protected clitic(key: string) {
    const i = this.clitics.find(key);
    return i < 0 ? undefined : this.lists.get(this.clitics.value[i]!);
  }

  protected folded(key: string) {
    const i = this.foldedForms.find(key);
    return i < 0 ? undefined : this.lists.get(this.foldedForms.value[i]!).map((form) => this.forms.key(form));
  }

  protected lemmaName(id: number) {
    return this.layout.tables.lemmas.get(id);
  }

  protected entriesOf(id: number): DictionaryEntry[] {
    const { entryStart } = this.layout.tables;
    const start = entryStart[id]!;
    const end = entryStart[id + 1]!;
    if (start === end) return [];
    return JSON.parse(this.record(id, this.layout.paged.entries + start, end - start)) as DictionaryEntry[];
  }

  protected exampleIdsOf(lemma: number) {
    return this.layout.tables.exampleIndex.get(lemma);
  }

  protected example(id: number): ExampleSentence {
    const { exampleStart } = this.layout.tables;
    const start = exampleStart[id]!;
    const length = exampleStart[id + 1]! - start;
    // Cache keys: lemma ids for entries, negative numbers for examples.
    return JSON.parse(this.record(-1 - id, this.layout.paged.examples + start, length)) as ExampleSentence;
  }

  /** The text of `length` bytes at `position` in the file, from the cache or from disk. */
  private record(key: number, position: number, length: number): string {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const buffer = length <= readBuffer.length ? readBuffer : Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = readSync(this.fd, buffer, read, length - read, position + read);
      if (n === 0) throw new Error(`the dictionary store of ${this.language} ends early`);
      read += n;
    }
    const text = buffer.toString('utf8', 0, length);
    this.cache.set(key, text);
    return text;
  }
}

export function readStoreMeta(dataDir: string): StoreMeta | undefined {
  try {
    return JSON.parse(readFileSync(metaPath(dataDir), 'utf8')) as StoreMeta;
  } catch {
    return undefined;
  }
}
