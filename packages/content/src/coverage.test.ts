import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDictionary, type Dictionary } from '@lendo/dictionary';
import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { readLibrary } from './library.ts';
import { WORD_PATTERN } from './schema.ts';

/**
 * The dictionary must resolve the words of the story library: a reader taps any word of a story
 * and expects its popup to have something to say.
 */
const MIN_COVERAGE = 0.98;

/** The dictionary's shared test store (apps/dictionary/src/test-store.ts), rebuilt when its sources change. */
const STORE_DIR = join(tmpdir(), 'lendo-dictionary-test-store');
const STORE_TIMEOUT = 300_000;

/** Names that also start sentences, one a line (`#` for comments): packages/content/names/<language>.txt. */
const NAMES_DIR = fileURLToPath(new URL('../names/', import.meta.url));

function readNames(language: LearningLanguage): Set<string> {
  const file = join(NAMES_DIR, `${language}.txt`);
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** Titles whose full stop does not end a sentence ("Mr. Brown"). */
const ABBREVIATION = /(?:^|[\s(“«"'])(?:Mr|Mrs|Ms|Dr|St|Sr|Sra|Srta|Dra)\.$/u;

/**
 * Whether the word at `index` opens a sentence or a quoted or reported utterance: nothing but
 * ¿ ¡ and spaces before it since the start of the text, the end of a sentence, a colon, an opening
 * quote or a dash. Elsewhere a capital letter marks a proper name.
 */
function opensClause(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/[\s¿¡]+$/u, '');
  if (ABBREVIATION.test(before)) return false;
  return before === '' || /(?:[.!?…:“«‘(—–]|(?:^|\s)["'-])$/u.test(before);
}

/** The name a token is when the allow list has it ("Saul's" is Saul), else undefined. */
const listedName = (token: string, names: Set<string>) =>
  [token, token.replace(/['’]s$/u, '')].find((name) => names.has(name));

/** A proper name: listed, or capitalized in the middle of a sentence ("I" is the English pronoun). */
const isName = (token: string, text: string, index: number, names: Set<string>) =>
  /^\p{Lu}/u.test(token) &&
  !/^I(?:['’]\p{L}+)?$/u.test(token) &&
  (listedName(token, names) !== undefined || !opensClause(text, index));

const lower = (word: string) => word.normalize('NFC').toLowerCase().replaceAll('’', "'");

interface Coverage {
  tokens: number;
  covered: number;
  /** lower-case word → how often it occurs uncovered, most frequent first. */
  uncovered: [string, number][];
  /** Lemma-map targets the dictionary has no entry for ("slug: surface → lemma"). */
  badLemmas: string[];
  /** Names of the allow list that no sentence opens with: the list is for those only. */
  unusedNames: string[];
}

function measure(dictionary: Dictionary, language: LearningLanguage): Coverage {
  const names = readNames(language);
  const known = new Map<string, boolean>();
  const resolves = (word: string) => {
    const key = lower(word);
    let hit = known.get(key);
    if (hit === undefined) {
      hit = dictionary.lookup(language, key).entries.length > 0;
      known.set(key, hit);
    }
    return hit;
  };
  const hasEntry = (lemma: string) =>
    dictionary.lookup(language, lemma).entries.some((entry) => lower(entry.lemma) === lower(lemma));

  let tokens = 0;
  let covered = 0;
  const uncovered = new Map<string, number>();
  const badLemmas = new Set<string>();
  const openingNames = new Set<string>();
  for (const { story } of readLibrary()) {
    if (story.language !== language) continue;
    for (const sentence of story.chapters.flatMap((chapter) => chapter.pages.flat())) {
      const lemmas = new Map(
        Object.entries(sentence.lemmas).map(([surface, lemma]) => [lower(surface), lemma]),
      );
      for (const [surface, lemma] of lemmas) {
        if (!hasEntry(lemma)) badLemmas.add(`${story.slug}: ${surface} → ${lemma}`);
      }
      for (const match of sentence.text.matchAll(WORD_PATTERN)) {
        const token = match[0];
        if (isName(token, sentence.text, match.index, names)) {
          if (opensClause(sentence.text, match.index)) openingNames.add(listedName(token, names)!);
          continue;
        }
        tokens++;
        const word = lower(token);
        if (resolves(lemmas.get(word) ?? word) || resolves(word)) covered++;
        else uncovered.set(word, (uncovered.get(word) ?? 0) + 1);
      }
    }
  }
  return {
    tokens,
    covered,
    uncovered: [...uncovered].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    badLemmas: [...badLemmas],
    unusedNames: [...names].filter((name) => !openingNames.has(name)),
  };
}

const percent = (share: number) => `${(100 * share).toFixed(2)}%`;

describe('opensClause', () => {
  it('tells sentence and utterance starts from the middle of a sentence', () => {
    const at = (text: string, word: string) => opensClause(text, text.indexOf(word));
    expect(at('Tom has a kite.', 'Tom')).toBe(true);
    expect(at('It flies. Tom runs.', 'Tom')).toBe(true);
    expect(at('He said, "Tom, come!"', 'Tom')).toBe(true);
    expect(at('—¿Dónde está?', 'Dónde')).toBe(true);
    expect(at('Ela disse: “Vamos!”', 'Vamos')).toBe(true);
    expect(at('Then Tom ran.', 'Tom')).toBe(false);
    expect(at('"Run," Tom said.', 'Tom')).toBe(false);
    expect(at('At seven, Mr. Brown arrived.', 'Brown')).toBe(false);
  });
});

describe.each(LEARNING_LANGUAGES)('the dictionary on the %s stories', (language) => {
  let coverage: Coverage;
  beforeAll(async () => {
    coverage = measure(await loadDictionary(STORE_DIR), language);
  }, STORE_TIMEOUT);

  it(`resolves at least ${percent(MIN_COVERAGE)} of the words`, () => {
    const share = coverage.covered / coverage.tokens;
    const list = coverage.uncovered.map(([word, count]) => `${word} ×${count}`);
    if (list.length > 0) {
      // Above the bar, the words still worth an entry.
      console.warn(
        `${language}: ${percent(share)} of ${coverage.tokens} words resolved; ` +
          `unresolved: ${list.slice(0, 20).join(', ')}`,
      );
    }
    expect(coverage.tokens).toBeGreaterThan(1000);
    expect(
      share,
      `${language}: ${percent(share)} resolved; unresolved by frequency: ${list.join(', ')}`,
    ).toBeGreaterThanOrEqual(MIN_COVERAGE);
  });

  it('has an entry for every lemma the sentences name', () => {
    expect(coverage.badLemmas, 'lemmas without a dictionary entry').toEqual([]);
  });

  it(`lists in names/${language}.txt only names that open sentences`, () => {
    expect(coverage.unusedNames).toEqual([]);
  });
});
