// The binary layout of one language's store file, `<language>.dict`:
//
//   bytes 0–7    "LENDODIC"
//   bytes 8–11   the store version, little-endian
//   bytes 12–15  0x01020304 in the writer's byte order (the typed arrays are in that order: a
//                machine of the other order reads a mismatch, and rebuilds the store)
//   bytes 16–19  the length of the header, little-endian
//   the header   JSON: { language, residentBytes, sections: { name: [offset, length] } }
//   sections     each at an offset that is a multiple of 8
//
// The file's first `residentBytes` (the header and the index sections) are read into one buffer
// at load; the typed arrays below are views on it. The two record sections (`entries` and
// `examples`: JSON text, one record after the other) come last and stay on disk.
//
// A key table is a hash table of its keys' UTF-8 bytes: the keys one after the other (`…Text`),
// grouped by bucket (FNV-1a of the bytes, modulo a power of two about half the number of keys)
// and bytewise within a bucket; the start of each key and the end of the last (`…Start`, n + 1
// uint32); the first key of each bucket and the end of the last (`…Buckets`, buckets + 1 uint32);
// and one uint32 per key (`…Value`): a lemma id, or for a list (several lemma ids, or the form
// indices of a folded key) LIST + the list's offset in `lists`, where its length precedes its
// items. A search hashes the word and compares it with the one or two keys of its bucket, which
// lie side by side: a few memory reads, where a binary search of 190,000 keys takes about 36.
import { fstatSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import type { LearningLanguage } from '@lendo/shared';
import type { LemmaIds, StoreTables } from './store.ts';

const MAGIC = 'LENDODIC';
/** 0x01020304 as this machine writes it, read as little-endian. */
const BYTE_ORDER = endianness() === 'LE' ? 0x01020304 : 0x04030201;
const PREAMBLE = 20;
const ALIGN = 8;
const align = (n: number) => Math.ceil(n / ALIGN) * ALIGN;
/** The mark of a list reference in a key table's value. */
const LIST = 0x80000000;

/** The index: read into memory at load. */
const RESIDENT = [
  'lemmaText',
  'lemmaStart',
  'formText',
  'formStart',
  'formBuckets',
  'formValue',
  'cliticText',
  'cliticStart',
  'cliticBuckets',
  'cliticValue',
  'foldedText',
  'foldedStart',
  'foldedBuckets',
  'foldedValue',
  'lists',
  'entryStart',
  'exampleLemma',
  'exampleListStart',
  'exampleIds',
  'exampleStart',
] as const;
/** The records: read from disk per lookup. */
const PAGED = ['entries', 'examples'] as const;
const TEXT_SECTIONS = new Set<string>(['lemmaText', 'formText', 'cliticText', 'foldedText']);

type ResidentSection = (typeof RESIDENT)[number];
type PagedSection = (typeof PAGED)[number];
type SectionName = ResidentSection | PagedSection;

interface Header {
  language: LearningLanguage;
  residentBytes: number;
  sections: Record<SectionName, [offset: number, length: number]>;
}

/** A store file that is not one this code can read: another version, language or machine, or cut short. */
export class StoreFormatError extends Error {
  override name = 'StoreFormatError';
}

/** UTF-8 strings one after the other, found by their index. */
export class StringTable {
  constructor(
    protected readonly text: Buffer,
    protected readonly start: Uint32Array,
  ) {}

  get size() {
    return this.start.length - 1;
  }

  get(i: number): string {
    return this.text.toString('utf8', this.start[i], this.start[i + 1]);
  }
}

/** Reused to encode the searched key, so a search allocates nothing for words of normal length. */
const keyBuffer = Buffer.allocUnsafeSlow(1024);

/** Writes an ASCII key into `target` (cheaper than a call into Buffer's encoder); -1 when it is not ASCII or too long. */
function asciiInto(key: string, target: Uint8Array): number {
  if (key.length > target.length) return -1;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code >= 0x80) return -1;
    target[i] = code;
  }
  return key.length;
}

/** FNV-1a of `length` bytes. */
export function hashBytes(bytes: Uint8Array, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

/** The bucket count of a table of n keys: a power of two, about n / 2. */
const bucketCount = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n / 2)));

/** A hashed key table with one uint32 value per key: no JS string per key. */
export class KeyTable extends StringTable {
  private readonly mask: number;

  constructor(
    text: Buffer,
    start: Uint32Array,
    private readonly buckets: Uint32Array,
    readonly value: Uint32Array,
  ) {
    super(text, start);
    this.mask = buckets.length - 2;
  }

  /** The index of `key`, or -1. */
  find(key: string): number {
    let bytes: Uint8Array = keyBuffer;
    let length = asciiInto(key, keyBuffer);
    if (length < 0) {
      if (key.length * 3 <= keyBuffer.length) length = keyBuffer.write(key);
      else {
        bytes = Buffer.from(key);
        length = bytes.length;
      }
    }
    const { text, start, buckets } = this;
    const bucket = hashBytes(bytes, length) & this.mask;
    for (let i = buckets[bucket]!, last = buckets[bucket + 1]!; i < last; i++) {
      const at = start[i]!;
      if (start[i + 1]! - at !== length) continue;
      let j = 0;
      while (j < length && text[at + j] === bytes[j]) j++;
      if (j === length) return i;
    }
    return -1;
  }

  key(i: number): string {
    return this.get(i);
  }
}

/** The lists a key table's values refer to. */
export class ListPool {
  constructor(private readonly pool: Uint32Array) {}

  /** The ids a value stands for: itself, or the list it refers to. */
  get(value: number): number[] {
    if (value < LIST) return [value];
    const offset = value - LIST;
    const length = this.pool[offset]!;
    const list = new Array<number>(length);
    for (let i = 0; i < length; i++) list[i] = this.pool[offset + 1 + i]!;
    return list;
  }
}

/** Sorted uint32 keys, each with a list of uint32 items. */
export class SparseIndex {
  constructor(
    private readonly keys: Uint32Array,
    private readonly starts: Uint32Array,
    private readonly items: Uint32Array,
  ) {}

  get size() {
    return this.keys.length;
  }

  keyAt(i: number) {
    return this.keys[i]!;
  }

  itemsAt(i: number): Uint32Array {
    return this.items.subarray(this.starts[i], this.starts[i + 1]);
  }

  get(key: number): Uint32Array | undefined {
    let low = 0;
    let high = this.keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.keys[middle]!;
      if (found === key) return this.itemsAt(middle);
      if (found > key) high = middle - 1;
      else low = middle + 1;
    }
    return undefined;
  }
}

/** The index of a store file, in memory, and where its record sections start in the file. */
export interface StoreLayout {
  residentBytes: number;
  tables: {
    lemmas: StringTable;
    forms: KeyTable;
    clitics: KeyTable;
    folded: KeyTable;
    lists: ListPool;
    /** lemma id → start of its entries' JSON in `entries`; the next start is its end (n + 1). */
    entryStart: Uint32Array;
    exampleIndex: SparseIndex;
    /** example id → start of its JSON in `examples` (n + 1). */
    exampleStart: Uint32Array;
  };
  language: LearningLanguage;
  /** The file offset of each record section. */
  paged: Record<PagedSection, number>;
}

// ---------------------------------------------------------------------------------------------
// Writing

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** Strings one after the other, and the start of each (n + 1). */
function stringTable(strings: Buffer[]): { text: Buffer; start: Uint32Array } {
  const start = new Uint32Array(strings.length + 1);
  let at = 0;
  strings.forEach((bytes, i) => {
    start[i] = at;
    at += bytes.length;
  });
  start[strings.length] = at;
  return { text: Buffer.concat(strings, at), start };
}

/** Checks that `id` indexes a table of `count` rows (and fits beside the LIST mark). */
function checkId(id: number, count: number, what: string) {
  if (!Number.isInteger(id) || id < 0 || id >= count || id >= LIST)
    throw new RangeError(`${what}: not an id: ${id}`);
}

class ListWriter {
  readonly pool: number[] = [];

  /** The value of a key that has these ids (< count): the id itself when it is the only one, else a list. */
  value(ids: LemmaIds, count: number, what: string): number {
    if (typeof ids === 'number') {
      checkId(ids, count, what);
      return ids;
    }
    if (ids.length === 1) return this.value(ids[0]!, count, what);
    for (const id of ids) checkId(id, count, what);
    const offset = this.pool.length;
    if (offset >= LIST) throw new RangeError('the list pool is too large');
    this.pool.push(ids.length, ...ids);
    return LIST + offset;
  }
}

/**
 * A key table's three sections from [key, ids] pairs, each id below `count` (the last of a
 * repeated key wins, as in a Map).
 */
function keyTable(pairs: Iterable<[string, LemmaIds]>, lists: ListWriter, count: number, what: string) {
  const rows = [...new Map(pairs)].map(([key, ids]) => ({ key, bytes: utf8(key), ids, bucket: 0 }));
  const buckets = new Uint32Array(bucketCount(rows.length) + 1);
  for (const row of rows) row.bucket = hashBytes(row.bytes, row.bytes.length) & (buckets.length - 2);
  rows.sort((a, b) => a.bucket - b.bucket || Buffer.compare(a.bytes, b.bytes));
  let bucket = 0;
  rows.forEach((row, i) => {
    while (bucket <= row.bucket) buckets[bucket++] = i;
  });
  while (bucket < buckets.length) buckets[bucket++] = rows.length;
  const { text, start } = stringTable(rows.map((row) => row.bytes));
  const value = Uint32Array.from(rows, (row) => lists.value(row.ids, count, `${what} ${row.key}`));
  return { keys: rows.map((row) => row.key), text, start, buckets, value };
}

/** Typed-array sections are written in this machine's byte order. */
const bytesOf = (array: Uint32Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** The bytes of one language's store file. */
export function encodeStore(tables: StoreTables, version: number): Buffer {
  const lists = new ListWriter();
  const lemmas = stringTable(tables.lemmas.map(utf8));
  const lemmaCount = tables.lemmas.length;
  const forms = keyTable(tables.forms, lists, lemmaCount, 'form');
  const clitics = keyTable(tables.clitics, lists, lemmaCount, 'clitic');
  const formIndex = new Map(forms.keys.map((key, i) => [key, i]));
  const folded = keyTable(
    tables.folded.map(([key, list]): [string, number[]] => [
      key,
      list.map((form) => {
        const index = formIndex.get(form);
        if (index === undefined) throw new RangeError(`folded ${key}: ${form} is not a form`);
        return index;
      }),
    ]),
    lists,
    forms.keys.length,
    'folded',
  );

  const entryTexts = new Map(tables.entries);
  const entryList: Buffer[] = [];
  for (const id of entryTexts.keys()) checkId(id, lemmaCount, 'entries');
  for (let id = 0; id < lemmaCount; id++) {
    const text = entryTexts.get(id);
    entryList.push(text === undefined ? Buffer.alloc(0) : utf8(text));
  }
  const entries = stringTable(entryList);
  const examples = stringTable(tables.examples.map((example) => utf8(JSON.stringify(example))));
  const exampleIndex = [...new Map(tables.exampleIndex)].sort(([a], [b]) => a - b);
  const exampleListStart = new Uint32Array(exampleIndex.length + 1);
  const exampleIds: number[] = [];
  exampleIndex.forEach(([lemma, ids], i) => {
    checkId(lemma, lemmaCount, 'examples of a lemma');
    exampleListStart[i] = exampleIds.length;
    for (const id of ids) {
      checkId(id, tables.examples.length, `examples of lemma ${lemma}`);
      exampleIds.push(id);
    }
  });
  exampleListStart[exampleIndex.length] = exampleIds.length;

  const contents: Record<SectionName, Buffer> = {
    lemmaText: lemmas.text,
    lemmaStart: bytesOf(lemmas.start),
    formText: forms.text,
    formStart: bytesOf(forms.start),
    formBuckets: bytesOf(forms.buckets),
    formValue: bytesOf(forms.value),
    cliticText: clitics.text,
    cliticStart: bytesOf(clitics.start),
    cliticBuckets: bytesOf(clitics.buckets),
    cliticValue: bytesOf(clitics.value),
    foldedText: folded.text,
    foldedStart: bytesOf(folded.start),
    foldedBuckets: bytesOf(folded.buckets),
    foldedValue: bytesOf(folded.value),
    lists: bytesOf(Uint32Array.from(lists.pool)),
    entryStart: bytesOf(entries.start),
    exampleLemma: bytesOf(Uint32Array.from(exampleIndex, ([lemma]) => lemma)),
    exampleListStart: bytesOf(exampleListStart),
    exampleIds: bytesOf(Uint32Array.from(exampleIds)),
    exampleStart: bytesOf(examples.start),
    entries: entries.text,
    examples: examples.text,
  };

  // The header's length depends on the offsets it lists: lay the sections out after a header of
  // generous length, pad the header to it.
  const names = [...RESIDENT, ...PAGED];
  const headerText = (start: number) => {
    const sections = {} as Header['sections'];
    let at = start;
    let residentBytes = 0;
    for (const name of names) {
      if (name === PAGED[0]) residentBytes = at;
      sections[name] = [at, contents[name].length];
      at = align(at + contents[name].length);
    }
    return { header: { language: tables.language, residentBytes, sections } satisfies Header, end: at };
  };
  let start = align(PREAMBLE + 64);
  for (;;) {
    const { header, end } = headerText(start);
    const json = utf8(JSON.stringify(header));
    if (PREAMBLE + json.length > start) {
      start = align(PREAMBLE + json.length + 64);
      continue;
    }
    const file = Buffer.alloc(end);
    file.write(MAGIC, 0, 'latin1');
    file.writeUInt32LE(version, 8);
    file.writeUInt32LE(BYTE_ORDER, 12);
    file.writeUInt32LE(json.length, 16);
    json.copy(file, PREAMBLE);
    for (const name of names) contents[name].copy(file, header.sections[name][0]);
    return file;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Reads `length` bytes at `position` of a file or buffer (fewer only at its end). */
type Reader = (position: number, length: number) => Buffer;

function fileReader(fd: number): Reader {
  return (position, length) => {
    const buffer = Buffer.allocUnsafeSlow(length);
    let read = 0;
    while (read < length) {
      const n = readSync(fd, buffer, read, length - read, position + read);
      if (n === 0) break;
      read += n;
    }
    return read === length ? buffer : buffer.subarray(0, read);
  };
}

/** Reads and checks the header and index of an open store file. */
export function readStoreLayout(fd: number, version: number, language: LearningLanguage): StoreLayout {
  return parseLayout(fileReader(fd), fstatSync(fd).size, version, language);
}

function parseLayout(read: Reader, size: number, version: number, language?: LearningLanguage) {
  const fail = (why: string): never => {
    throw new StoreFormatError(`not a dictionary store of version ${version}: ${why}`);
  };
  const preamble = read(0, PREAMBLE);
  if (preamble.length < PREAMBLE || preamble.toString('latin1', 0, 8) !== MAGIC) fail('no store header');
  const found = preamble.readUInt32LE(8);
  if (found !== version) fail(`version ${found}`);
  if (preamble.readUInt32LE(12) !== BYTE_ORDER) fail('written on a machine of the other byte order');
  const headerLength = preamble.readUInt32LE(16);
  if (PREAMBLE + headerLength > size || headerLength > 1 << 20) fail('a header longer than the file');
  let header: Header;
  try {
    header = JSON.parse(read(PREAMBLE, headerLength).toString('utf8')) as Header;
  } catch {
    return fail('an unreadable header');
  }
  if (language && header.language !== language) fail(`the language is ${header.language}`);
  const { residentBytes, sections } = header;
  if (!Number.isInteger(residentBytes) || residentBytes > size) fail('the index is longer than the file');
  for (const name of [...RESIDENT, ...PAGED]) {
    const [offset, length] = sections?.[name] ?? [];
    const resident = (RESIDENT as readonly string[]).includes(name);
    const ok =
      Number.isInteger(offset) &&
      Number.isInteger(length) &&
      offset! >= PREAMBLE + headerLength &&
      offset! + length! <= (resident ? residentBytes : size) &&
      (resident ? true : offset! >= residentBytes) &&
      (TEXT_SECTIONS.has(name) || !resident || (offset! % 4 === 0 && length! % 4 === 0));
    if (!ok) fail(`section ${name} is out of place`);
  }

  // One buffer for the whole index (its own ArrayBuffer, so that the uint32 views are aligned).
  const index = read(0, residentBytes);
  if (index.length < residentBytes) fail('cut short');
  const text = (name: ResidentSection) => {
    const [offset, length] = sections[name];
    return index.subarray(offset, offset + length);
  };
  const uint32 = (name: ResidentSection) => {
    const [offset, length] = sections[name];
    return new Uint32Array(index.buffer, index.byteOffset + offset, length / 4);
  };
  const keyTable = (name: 'form' | 'clitic' | 'folded') => {
    const start = uint32(`${name}Start`);
    const bytes = text(`${name}Text`);
    const buckets = uint32(`${name}Buckets`);
    const value = uint32(`${name}Value`);
    const bucketCount = buckets.length - 1;
    if (
      start.length !== value.length + 1 ||
      start[value.length] !== bytes.length ||
      bucketCount < 1 ||
      (bucketCount & (bucketCount - 1)) !== 0 ||
      buckets[0] !== 0 ||
      buckets[bucketCount] !== value.length
    )
      fail(`the ${name} table does not add up`);
    return new KeyTable(bytes, start, buckets, value);
  };
  const lemmaStart = uint32('lemmaStart');
  const lemmaText = text('lemmaText');
  if (lemmaStart.length < 1 || lemmaStart[lemmaStart.length - 1] !== lemmaText.length)
    fail('the lemma table does not add up');
  const entryStart = uint32('entryStart');
  if (entryStart.length !== lemmaStart.length || entryStart[entryStart.length - 1] !== sections.entries[1])
    fail('the entries do not add up');
  const exampleStart = uint32('exampleStart');
  if (exampleStart.length < 1 || exampleStart[exampleStart.length - 1] !== sections.examples[1])
    fail('the examples do not add up');
  const exampleLemma = uint32('exampleLemma');
  const exampleListStart = uint32('exampleListStart');
  const exampleIds = uint32('exampleIds');
  if (
    exampleListStart.length !== exampleLemma.length + 1 ||
    exampleListStart[exampleLemma.length] !== exampleIds.length
  )
    fail('the example index does not add up');

  return {
    residentBytes,
    language: header.language,
    tables: {
      lemmas: new StringTable(lemmaText, lemmaStart),
      forms: keyTable('form'),
      clitics: keyTable('clitic'),
      folded: keyTable('folded'),
      lists: new ListPool(uint32('lists')),
      entryStart,
      exampleIndex: new SparseIndex(exampleLemma, exampleListStart, exampleIds),
      exampleStart,
    },
    paged: { entries: sections.entries[0], examples: sections.examples[0] },
  } satisfies StoreLayout;
}

/**
 * The tables a store file was written from, back (keys in their order in the file, one-lemma lists
 * as bare ids): for tests and tools, never at run time.
 */
export function decodeStore(file: Buffer, version: number): StoreTables {
  const copy = Buffer.alloc(file.length);
  file.copy(copy);
  const read: Reader = (position, length) => copy.subarray(position, position + length);
  const { language, tables, paged } = parseLayout(read, copy.length, version);
  const record = (section: PagedSection, start: number, end: number) =>
    copy.toString('utf8', paged[section] + start, paged[section] + end);
  const bare = (ids: number[]): LemmaIds => (ids.length === 1 ? ids[0]! : ids);
  const pairs = (table: KeyTable) =>
    Array.from({ length: table.size }, (_, i): [string, LemmaIds] => [
      table.key(i),
      bare(tables.lists.get(table.value[i]!)),
    ]);
  const lemmas = Array.from({ length: tables.lemmas.size }, (_, i) => tables.lemmas.get(i));
  const entries: [number, string][] = [];
  for (let id = 0; id < lemmas.length; id++) {
    const [start, end] = [tables.entryStart[id]!, tables.entryStart[id + 1]!];
    if (end > start) entries.push([id, record('entries', start, end)]);
  }
  const exampleCount = tables.exampleStart.length - 1;
  return {
    language,
    lemmas,
    entries,
    forms: pairs(tables.forms),
    folded: Array.from({ length: tables.folded.size }, (_, i): [string, string[]] => [
      tables.folded.key(i),
      tables.lists.get(tables.folded.value[i]!).map((form) => tables.forms.key(form)),
    ]),
    clitics: pairs(tables.clitics),
    examples: Array.from(
      { length: exampleCount },
      (_, i) =>
        JSON.parse(
          record('examples', tables.exampleStart[i]!, tables.exampleStart[i + 1]!),
        ) as StoreTables['examples'][number],
    ),
    exampleIndex: Array.from({ length: tables.exampleIndex.size }, (_, i): [number, number[]] => [
      tables.exampleIndex.keyAt(i),
      [...tables.exampleIndex.itemsAt(i)],
    ]),
  };
}
