import {
  LEARNING_LANGUAGES,
  type DictionaryEntry,
  type DictionarySource,
  type LearningLanguage,
  type PartOfSpeech,
} from '@lendo/shared';
import { FREEDICT_PAIRS, freedictFiles, importFreedict, type FreedictEntry } from './freedict.ts';
import type { LexiconRow } from './lexicon.ts';
import type { LibraryWords } from './library.ts';
import type { WordNet } from './wordnet.ts';

/** lemma (exact spelling) → its entries, lexicon first. */
export type Entries = Map<string, DictionaryEntry[]>;
export type Lexicons = Record<LearningLanguage, LexiconRow[]>;

/** At most this many FreeDict translations per entry and language: the rest is rarely useful. */
const MAX_FREEDICT_TRANSLATIONS = 8;

export const otherLanguages = (language: LearningLanguage) =>
  LEARNING_LANGUAGES.filter((l) => l !== language);

/** The lexicon writes English verbs as "to eat", FreeDict as "eat": the same translation. */
const sameTranslation = (translation: string) => translation.toLowerCase().replace(/^to /, '');

function addSource(entry: DictionaryEntry, source: DictionarySource) {
  if (!entry.sources.includes(source)) entry.sources.push(source);
}

function pushEntry(entries: Entries, entry: DictionaryEntry) {
  const list = entries.get(entry.lemma) ?? [];
  list.push(entry);
  entries.set(entry.lemma, list);
}

/** A definition of `word` written in `language`: our lexicon's, else WordNet's for English. */
function definitionFinder(lexicons: Lexicons, wordnet: WordNet | undefined) {
  const lexicon = new Map(
    LEARNING_LANGUAGES.map((language) => {
      const byLemma = new Map<string, string>();
      for (const row of lexicons[language])
        if (!byLemma.has(row.lemma)) byLemma.set(row.lemma, row.definition);
      return [language, byLemma] as const;
    }),
  );
  return (language: LearningLanguage, word: string, pos: PartOfSpeech) => {
    const ours = lexicon.get(language)?.get(word);
    if (ours) return { definition: ours, source: 'lexicon' as const };
    const glosses = language === 'en' ? wordnet?.glosses.get(word) : undefined;
    const gloss = glosses?.get(pos) ?? glosses?.values().next().value;
    return gloss ? { definition: gloss, source: 'wordnet' as const } : undefined;
  };
}
type DefinitionFinder = ReturnType<typeof definitionFinder>;

function lexiconEntries(language: LearningLanguage, rows: LexiconRow[]): Entries {
  const entries: Entries = new Map();
  for (const row of rows) {
    pushEntry(entries, {
      lemma: row.lemma,
      pos: row.pos,
      rank: row.rank,
      definition: row.definition,
      translations: otherLanguages(language).flatMap((to) => {
        const t = row.translations[to];
        return t ? [{ language: to, translation: t.translation, definition: t.definition }] : [];
      }),
      sources: ['lexicon'],
    });
  }
  return entries;
}

/**
 * Adds a FreeDict database's translations. A lemma the lexicon has keeps the lexicon's translation
 * first; FreeDict only adds the alternatives it lacks. Other lemmas get a FreeDict entry.
 */
function addFreedict(
  entries: Entries,
  to: LearningLanguage,
  imported: FreedictEntry[],
  define: DefinitionFinder,
) {
  for (const fd of imported) {
    const known = entries.get(fd.headword);
    const entry = known?.find((e) => e.pos === fd.pos || fd.pos === 'other') ?? known?.[0];
    const already = new Set(
      (entry?.translations ?? [])
        .filter((t) => t.language === to)
        .flatMap((t) => t.translation.split(/\s*,\s*/))
        .map(sameTranslation),
    );
    const items = [...new Set(fd.senses.flat())]
      .filter((item) => !already.has(sameTranslation(item)))
      .slice(0, MAX_FREEDICT_TRANSLATIONS);
    if (items.length === 0) continue;
    const target = entry ?? {
      lemma: fd.headword,
      pos: fd.pos,
      rank: null,
      definition: '',
      translations: [],
      sources: [],
    };
    if (!entry) pushEntry(entries, target);
    const found = define(to, items[0]!, target.pos);
    // Beside the lexicon's translation into the same language, so a language's items stay together.
    const after = target.translations.findLastIndex((t) => t.language === to);
    target.translations.splice(after === -1 ? target.translations.length : after + 1, 0, {
      language: to,
      translation: items.join(', '),
      definition: found?.definition ?? '',
    });
    addSource(target, 'freedict');
    if (found?.source === 'wordnet') addSource(target, 'wordnet');
  }
}

/** A name's dictionary spelling: "são paulo" is "São Paulo". */
export const nameSpelling = (lemma: string) =>
  lemma.replace(/(^|[\s-])(\p{Ll})/gu, (_, start, letter: string) => start + letter.toUpperCase());

/**
 * Adds the story library's glosses: a lemma the other sources have gets the translations it lacks
 * (and its part of speech where they had none); a lemma they do not have gets an entry of its own.
 * So every word of the library is translated into both other languages.
 */
function addLibrary(
  entries: Entries,
  language: LearningLanguage,
  words: LibraryWords,
  define: DefinitionFinder,
) {
  for (const sense of words.senses.values()) {
    const lemma = sense.pos === 'name' ? nameSpelling(sense.lemma) : sense.lemma;
    const known = entries.get(lemma) ?? (lemma === sense.lemma ? undefined : entries.get(sense.lemma));
    let entry = known?.find((e) => e.pos === sense.pos) ?? known?.find((e) => e.pos === 'other');
    if (!entry) {
      entry = { lemma, pos: sense.pos, rank: null, definition: '', translations: [], sources: [] };
      pushEntry(entries, entry);
    }
    if (entry.pos === 'other') entry.pos = sense.pos;
    for (const to of otherLanguages(language)) {
      const glosses = sense.glosses[to];
      if (!glosses?.length || entry.translations.some((t) => t.language === to)) continue;
      entry.translations.push({
        language: to,
        translation: glosses.join(', '),
        definition: define(to, glosses[0]!, sense.pos)?.definition ?? '',
      });
      addSource(entry, 'library');
    }
  }
}

/**
 * English definitions from WordNet: the gloss of the first (most frequent) sense for the entry's
 * part of speech fills entries that have none, and single-word lemmas no other source has get an
 * entry of their own, so every English word gets a meaning.
 */
function addWordNet(entries: Entries, wordnet: WordNet) {
  for (const list of entries.values()) {
    for (const entry of list) {
      if (entry.definition) continue;
      const glosses = wordnet.glosses.get(entry.lemma) ?? wordnet.glosses.get(entry.lemma.toLowerCase());
      if (!glosses) continue;
      const [pos, gloss] = glosses.has(entry.pos)
        ? [entry.pos, glosses.get(entry.pos)!]
        : entry.pos === 'other'
          ? [...glosses][0]!
          : [entry.pos, ''];
      if (!gloss) continue;
      entry.pos = pos;
      entry.definition = gloss;
      addSource(entry, 'wordnet');
    }
  }
  for (const [lemma, glosses] of wordnet.glosses) {
    if (lemma.includes(' ') || entries.has(lemma)) continue;
    for (const [pos, definition] of glosses) {
      pushEntry(entries, { lemma, pos, rank: null, definition, translations: [], sources: ['wordnet'] });
    }
  }
}

/**
 * Every language's entries: the curated lexicon first, then FreeDict's translations where the
 * Debian databases are installed, then the story library's glosses, then WordNet's English
 * definitions. Returns the sources used.
 */
export function buildEntries(
  lexicons: Lexicons,
  wordnet: WordNet | undefined,
  library: Record<LearningLanguage, LibraryWords>,
) {
  const define = definitionFinder(lexicons, wordnet);
  const entries = Object.fromEntries(
    LEARNING_LANGUAGES.map((language) => [language, lexiconEntries(language, lexicons[language])]),
  ) as Record<LearningLanguage, Entries>;
  const sources: string[] = [];
  for (const [from, to] of FREEDICT_PAIRS) {
    const files = freedictFiles(from, to);
    if (!files) continue;
    addFreedict(entries[from], to, importFreedict(files.index, files.dict), define);
    sources.push(`freedict:${files.index}`);
  }
  for (const language of LEARNING_LANGUAGES)
    addLibrary(entries[language], language, library[language], define);
  if (wordnet) addWordNet(entries.en, wordnet);
  return { entries, sources };
}
