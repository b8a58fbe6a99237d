// npm run dict:build — builds the dictionary store into DICT_DATA_DIR (default ./.data/dictionary).
import { resolve } from 'node:path';
import { buildStore } from './build-store.ts';

const dataDir = resolve(process.env.DICT_DATA_DIR ?? '.data/dictionary');
const meta = await buildStore(dataDir);
process.stdout.write(
  `dictionary store built in ${(meta.buildMs / 1000).toFixed(1)} s → ${dataDir}\n` +
    `sources: ${meta.sources.join(', ')}\n` +
    Object.entries(meta.counts)
      .map(([language, c]) => `${language}: ${c.entries} entries, ${c.forms} forms, ${c.examples} examples\n`)
      .join(''),
);
