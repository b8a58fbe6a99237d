import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEARNING_LANGUAGES } from '@lendo/shared';
import { STORE_VERSION } from '../store.ts';
import { FREEDICT_PAIRS, freedictFiles } from './freedict.ts';
import { IRREGULAR_DIR } from './irregular.ts';
import { LEXICON_DIR } from './lexicon.ts';
import { libraryFiles } from './library.ts';
import { findWordNetDir } from './wordnet.ts';

/** Files outside the repository the build reads, when present: they change the store too. */
function externalFiles(): string[] {
  const files = FREEDICT_PAIRS.flatMap(([from, to]) => Object.values(freedictFiles(from, to) ?? {}));
  const wordnetDir = findWordNetDir();
  if (wordnetDir) files.push(...readdirSync(wordnetDir).map((name) => join(wordnetDir, name)));
  const require = createRequire(import.meta.url);
  for (const language of LEARNING_LANGUAGES) {
    const dir = dirname(require.resolve(`dictionary-${language}`));
    files.push(join(dir, 'index.aff'), join(dir, 'index.dic'));
  }
  return files.filter((path) => existsSync(path) && statSync(path).isFile());
}

/** The code that decides what goes into the store (benchmarks and scripts do not). */
const STORE_CODE = [
  'build-store.ts',
  'entries.ts',
  'examples.ts',
  'fingerprint.ts',
  'dictd.ts',
  'freedict.ts',
  'hunspell.ts',
  'irregular.ts',
  'lexicon.ts',
  'library.ts',
  'map-store.ts',
  'morphology.ts',
  'wordnet.ts',
  '../store.ts',
  '../store-format.ts',
  '../normalize.ts',
];

/**
 * What the store is built from: our data files, the build code, and the size and date of each
 * external file. A store whose fingerprint differs is rebuilt at start-up.
 */
export function sourceFingerprint(): string {
  const hash = createHash('sha256').update(`v${STORE_VERSION}`);
  const ours: URL[] = [
    ...readdirSync(LEXICON_DIR).map((name) => new URL(name, LEXICON_DIR)),
    ...readdirSync(IRREGULAR_DIR).map((name) => new URL(name, IRREGULAR_DIR)),
    ...STORE_CODE.map((path) => new URL(path, import.meta.url)),
    ...libraryFiles(),
  ];
  for (const url of ours.sort((a, b) => a.href.localeCompare(b.href))) {
    hash.update(fileURLToPath(url)).update(readFileSync(url));
  }
  for (const path of externalFiles()) {
    const { size, mtimeMs } = statSync(path);
    hash.update(`${path}:${size}:${Math.trunc(mtimeMs)}`);
  }
  return hash.digest('hex');
}
