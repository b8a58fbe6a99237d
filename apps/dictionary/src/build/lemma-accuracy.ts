// npm run dict:accuracy [-- --dir <folder>] [--misses N] [--markdown]
// Measures lemmatization on held-out lists of inflected forms: every *.tsv in the folder (default
// apps/dictionary/data/eval) whose name contains a language code (en, es, pt), one
// "form<TAB>lemma" a line, # for comments. A form counts as top-1 when the expected lemma is the
// first candidate and as top-any when it is among them. Exits 1 when a language's top-any accuracy
// is below 90%, or when there is nothing to measure.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { DEFAULT_DATA_DIR, loadDictionary } from '../dictionary.ts';
import { normalizeWord } from '../normalize.ts';

const TARGET = 0.9;

export interface AccuracyRow {
  language: LearningLanguage;
  forms: number;
  top1: number;
  topAny: number;
  misses: { form: string; expected: string; got: string[] }[];
}

/** The language a list is for, from its file name: "es.tsv", "eval-pt.tsv", "en_forms.tsv". */
export function languageOfFile(name: string): LearningLanguage | undefined {
  return LEARNING_LANGUAGES.find((language) => new RegExp(`(^|[^a-z])${language}([^a-z]|$)`).test(name));
}

export function readPairs(text: string): { form: string; lemma: string }[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() && !line.startsWith('#'))
    .flatMap((line) => {
      const [form, lemma] = line.split('\t').map((cell) => cell.trim());
      return form && lemma ? [{ form, lemma }] : [];
    });
}

export async function measureAccuracy(dir: string, dataDir = DEFAULT_DATA_DIR): Promise<AccuracyRow[]> {
  const dictionary = await loadDictionary(dataDir);
  const rows = new Map<LearningLanguage, AccuracyRow>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.tsv'))
    .sort()) {
    const language = languageOfFile(name);
    if (!language) continue;
    const row = rows.get(language) ?? { language, forms: 0, top1: 0, topAny: 0, misses: [] };
    for (const { form, lemma } of readPairs(readFileSync(join(dir, name), 'utf8'))) {
      const got = dictionary.lemmas(language, form).lemmas;
      const expected = normalizeWord(lemma);
      const rank = got.findIndex((candidate) => normalizeWord(candidate) === expected);
      row.forms++;
      if (rank === 0) row.top1++;
      if (rank >= 0) row.topAny++;
      else row.misses.push({ form, expected: lemma, got });
    }
    rows.set(language, row);
  }
  return [...rows.values()];
}

const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: fileURLToPath(new URL('../../data/eval/', import.meta.url)) },
      misses: { type: 'string', default: '10' },
      markdown: { type: 'boolean', default: false },
    },
  });
  const rows = await measureAccuracy(values.dir, process.env.DICT_DATA_DIR ?? DEFAULT_DATA_DIR);
  if (rows.length === 0) {
    console.error(`no <language>.tsv lists in ${values.dir}`);
    process.exit(1);
  }
  const lines = values.markdown
    ? [
        '| language | forms | top-1 | top-any |',
        '|---|---:|---:|---:|',
        ...rows.map(
          (r) =>
            `| ${r.language} | ${r.forms} | ${percent(r.top1, r.forms)} | ${percent(r.topAny, r.forms)} |`,
        ),
      ]
    : [
        'language  forms   top-1  top-any',
        ...rows.map(
          (r) =>
            `${r.language.padEnd(8)}${String(r.forms).padStart(7)}${percent(r.top1, r.forms).padStart(8)}` +
            `${percent(r.topAny, r.forms).padStart(9)}`,
        ),
      ];
  for (const r of rows) {
    for (const miss of r.misses.slice(0, Number(values.misses))) {
      lines.push(
        `  miss ${r.language} ${miss.form}: expected ${miss.expected}, got [${miss.got.join(', ')}]`,
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const failing = rows.filter((r) => r.topAny / r.forms < TARGET);
  if (failing.length > 0) {
    console.error(`top-any accuracy below ${TARGET * 100}% for ${failing.map((r) => r.language).join(', ')}`);
    process.exitCode = 1;
  }
}
