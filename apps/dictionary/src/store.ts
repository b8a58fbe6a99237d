import { readFileSync } from 'node:fs';
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

/** Bumped when the file layout changes; the store fingerprint also covers the build code. */
export const STORE_VERSION = 1;

/** Most forms have one lemma: a bare number then saves an array per form in memory. */
export type LemmaIds = number | number[];

const asList = (ids: LemmaIds | undefined): number[] | undefined => (typeof ids === 'number' ? [ids] : ids);

/**
 * One language's store file, `<language>.json`. Maps are written as [key, value] pairs so that
 * loading is a JSON.parse and a `new Map(...)` per table; lemmas are referred to by their index
 * in `lemmas` to keep the form table small.
 */
export interface StoreFile {
  version: number;
  language: LearningLanguage;
  lemmas: string[];
  /**
   * lemma id → its entries (lexicon first) as JSON text: parsed per lookup, which costs a few
   * microseconds, takes half the memory of live objects and hands every caller its own copy.
   */
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

export const storePath = (dataDir: string, language: LearningLanguage) => join(dataDir, `${language}.json`);
export const metaPath = (dataDir: string) => join(dataDir, 'meta.json');

/** One language's tables in memory: every operation is a few Map reads. */
export class LanguageStore {
  readonly language: LearningLanguage;
  private readonly lemmaNames: string[];
  private readonly entries: Map<number, string>;
  private readonly forms: Map<string, LemmaIds>;
  private readonly folded: Map<string, string[]>;
  private readonly clitics: Map<string, LemmaIds>;
  private readonly exampleList: ExampleSentence[];
  private readonly exampleIndex: Map<number, number[]>;

  constructor(file: StoreFile) {
    this.language = file.language;
    this.lemmaNames = file.lemmas;
    this.entries = new Map(file.entries);
    this.forms = new Map(file.forms);
    this.folded = new Map(file.folded);
    this.clitics = new Map(file.clitics);
    this.exampleList = file.examples;
    this.exampleIndex = new Map(file.exampleIndex);
  }

  /**
   * Candidate lemma ids of a word: its exact (case-folded) form; for a hyphenated Portuguese word,
   * its clitic host; else every known form that differs from it only in accents.
   */
  lemmaIds(word: string): number[] {
    const key = normalizeWord(word);
    const exact = asList(this.forms.get(key));
    if (exact) return exact;
    const hyphen = key.indexOf('-');
    const host = hyphen > 0 ? asList(this.clitics.get(key.slice(0, hyphen))) : undefined;
    if (host) return host;
    const folded = foldAccents(key);
    const forms = [folded, ...(this.folded.get(folded) ?? [])];
    const ids = forms.flatMap((form) => asList(this.forms.get(form)) ?? []);
    return ids.length > 1 ? [...new Set(ids)] : ids;
  }

  lemmas(word: string): LemmaResult {
    return {
      word: word.trim(),
      language: this.language,
      lemmas: this.lemmaIds(word).map((id) => this.lemmaNames[id]!),
    };
  }

  lookup(word: string): WordRecord {
    const ids = this.lemmaIds(word);
    return {
      word: word.trim(),
      language: this.language,
      lemmas: ids.map((id) => this.lemmaNames[id]!),
      entries: ids.flatMap((id) => {
        const text = this.entries.get(id);
        return text ? (JSON.parse(text) as DictionaryEntry[]) : [];
      }),
    };
  }

  /** Sentences using any form of the word's lemmas, most likely lemma first, without repeats; copies. */
  examples(word: string, limit: number): ExamplesResult {
    const ids = new Set<number>();
    for (const lemma of this.lemmaIds(word)) {
      for (const id of this.exampleIndex.get(lemma) ?? []) {
        if (ids.size >= limit) break;
        ids.add(id);
      }
    }
    return {
      word: word.trim(),
      language: this.language,
      examples: [...ids].map((id) => structuredClone(this.exampleList[id]!)),
    };
  }
}

export function readStoreFile(dataDir: string, language: LearningLanguage): StoreFile {
  return JSON.parse(readFileSync(storePath(dataDir, language), 'utf8')) as StoreFile;
}

export function readStoreMeta(dataDir: string): StoreMeta | undefined {
  try {
    return JSON.parse(readFileSync(metaPath(dataDir), 'utf8')) as StoreMeta;
  } catch {
    return undefined;
  }
}
