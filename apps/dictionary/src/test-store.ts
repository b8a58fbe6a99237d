import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadDictionary } from './dictionary.ts';

/**
 * A store shared by the test files, built once per change of its sources (ensureStore compares
 * fingerprints), in the system's temporary folder rather than the developer's .data.
 */
export const TEST_STORE_DIR = join(tmpdir(), 'lendo-dictionary-test-store');
export const STORE_TIMEOUT = 300_000;

export const testDictionary = () => loadDictionary(TEST_STORE_DIR);

/**
 * Whether tests on a machine file (Debian's dictd, WordNet) run: always when it is present; in CI
 * also when it is missing, so that they fail loudly instead of passing by skipping.
 */
export const runsOn = (...paths: string[]) =>
  paths.every((path) => existsSync(path)) || Boolean(process.env.CI);

export function expectPresent(...paths: string[]) {
  for (const path of paths) expect(existsSync(path), `${path} is missing (apt-get install it)`).toBe(true);
}
