import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { LEARNING_LANGUAGES, type LearningLanguage, type PartOfSpeech } from '@lendo/shared';
import { foldAccents } from '../normalize.ts';
import {
  STORE_VERSION,
  legacyStorePath,
  metaPath,
  storePath,
  type LemmaIds,
  type StoreMeta,
  type StoreTables,
} from '../store.ts';
import { encodeStore } from '../store-format.ts';
import { buildEntries, nameSpelling, type Entries, type Lexicons } from './entries.ts';

/** The rank a lemma of the story library's glossaries sorts at, after every lexicon rank. */
const LIBRARY_RANK = 1_000_000;
import { buildExamples, exampleSources } from './examples.ts';
import { sourceFingerprint } from './fingerprint.ts';
import { readIrregular } from './irregular.ts';
import { readLexicon } from './lexicon.ts';
import { readLibraryWords, type LibraryWords } from './library.ts';
import { Analysis, addAnalysis, buildMorphology, loadHunspell, type Analyses } from './morphology.ts';
import { findWordNetDir, readWordNet, type WordNet } from './wordnet.ts';

/**
 * Orders a form's candidate lemmas: those of the curated irregular list, then the form itself when
 * it is a lexicon lemma, then the others by lexicon frequency rank and by how the form was analysed
 * (exception list, inflection, the word itself), those with entries first; derivational guesses
 * come last and are dropped when a better analysis has an entry. Where the curated lists explain a
 * form, a derived word without an entry is not one of its lemmas, and a Hunspell stem spelt like a
 * listed lemma but for accents is that lemma (pt_BR conjugates "pôr" under "por", which is also the
 * preposition).
 */
function orderCandidates(
  candidates: Map<string, Analysis>,
  rank: (l: string) => number,
  has: (l: string) => boolean,
) {
  let list = [...candidates];
  const listed = list.filter(([, a]) => a <= Analysis.exception).map(([l]) => l);
  if (listed.length > 0) {
    const spellings = new Set(listed.map(foldAccents));
    list = list.filter(
      ([l, a]) => a <= Analysis.exception || (a === Analysis.self ? has(l) : !spellings.has(foldAccents(l))),
    );
  }
  if (list.some(([l, a]) => a < Analysis.derivation && has(l)))
    list = list.filter(([, a]) => a < Analysis.derivation);
  // The curated irregular list first (editorial: "thought" is think before the noun), then the
  // form itself when it is a lexicon lemma, ahead of a higher-ranked lemma it also inflects
  // (Portuguese "comida" is food before it is a participle of "comer").
  const tier = ([l, a]: [string, Analysis]) => {
    if (a === Analysis.irregular) return 0;
    if (a === Analysis.self && rank(l) < Infinity) return 1;
    return a === Analysis.derivation ? 3 : 2;
  };
  list.sort((c1, c2) => tier(c1) - tier(c2) || rank(c1[0]) - rank(c2[0]) || compareAnalyses(c1, c2, has));
  return list.map(([lemma]) => lemma);
}

function compareAnalyses(
  [l1, a1]: [string, Analysis],
  [l2, a2]: [string, Analysis],
  has: (l: string) => boolean,
) {
  return a1 - a2 || Number(has(l2)) - Number(has(l1)) || (l1 < l2 ? -1 : l1 > l2 ? 1 : 0);
}

async function buildLanguage(
  language: LearningLanguage,
  entries: Entries,
  lexicons: Lexicons,
  wordnet: WordNet | undefined,
  library: LibraryWords,
): Promise<StoreTables> {
  const partsOfSpeech = new Map<string, Set<PartOfSpeech>>();
  for (const [lemma, list] of entries) partsOfSpeech.set(lemma, new Set(list.map((e) => e.pos)));
  const lexicon = new Map<string, Set<PartOfSpeech>>();
  for (const row of lexicons[language])
    lexicon.set(row.lemma, new Set([...(lexicon.get(row.lemma) ?? []), row.pos]));
  const { analyses, cliticHosts } = buildMorphology({
    language,
    hunspell: await loadHunspell(language),
    lemmas: partsOfSpeech,
    lexicon,
    irregular: readIrregular(language),
    exceptions: language === 'en' ? wordnet?.exceptions : undefined,
  });
  for (const lemma of entries.keys()) addAnalysis(analyses, lemma, lemma, Analysis.self);
  // The story sentences' own lemma maps: authored, as trusted as a regular inflection. A name's
  // entry is spelt with its capitals ("curies" → Curie, beside the unit curie).
  for (const [form, lemmasOfForm] of library.forms) {
    for (const lemma of lemmasOfForm) {
      for (const key of new Set([lemma, nameSpelling(lemma)])) {
        if (entries.has(key)) addAnalysis(analyses, form, key, Analysis.inflection);
      }
    }
  }
  // Lemmas the library glosses rank after the lexicon's and before unranked ones, so that a story's
  // word is what its form means first ("barro" the noun before a form of "barrer").
  const libraryLemmas = new Set(
    [...library.senses.values()].map((sense) =>
      sense.pos === 'name' ? nameSpelling(sense.lemma) : sense.lemma,
    ),
  );

  const ranks = new Map<string, number>();
  for (const [lemma, list] of entries) {
    ranks.set(lemma, Math.min(...list.map((e) => e.rank ?? Infinity)));
  }
  const rankOf = (lemma: string) =>
    Math.min(ranks.get(lemma) ?? Infinity, libraryLemmas.has(lemma) ? LIBRARY_RANK : Infinity);
  const has = (lemma: string) => entries.has(lemma);

  const lemmas: string[] = [];
  const lemmaId = new Map<string, number>();
  const idOf = (lemma: string) => {
    let id = lemmaId.get(lemma);
    if (id === undefined) {
      id = lemmas.push(lemma) - 1;
      lemmaId.set(lemma, id);
    }
    return id;
  };
  const table = (map: Analyses) =>
    [...map].map(([form, candidates]): [string, LemmaIds] => {
      const ids = orderCandidates(candidates, rankOf, has).map(idOf);
      return [form, ids.length === 1 ? ids[0]! : ids];
    });

  const forms = table(analyses);
  const folded = new Map<string, string[]>();
  for (const [form] of forms) {
    const key = foldAccents(form);
    if (key !== form) folded.set(key, [...(folded.get(key) ?? []), form]);
  }
  const file: StoreTables = {
    language,
    lemmas,
    entries: [...entries].map(([lemma, list]) => [idOf(lemma), JSON.stringify(list)]),
    forms,
    folded: [...folded],
    clitics: table(cliticHosts),
    examples: [],
    exampleIndex: [],
  };
  buildExamples(file, exampleSources(lexicons), lemmaId);
  return file;
}

/** Writes a file so that readers never see half of it: write aside, then rename. */
function writeAtomic(path: string, text: string | Buffer) {
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, text);
  renameSync(aside, path);
}

/** Builds the whole store into `dataDir` from the lexicon and whatever open data is installed. */
export async function buildStore(dataDir: string): Promise<StoreMeta> {
  const started = performance.now();
  const fingerprint = sourceFingerprint();
  const lexicons = Object.fromEntries(
    LEARNING_LANGUAGES.map((language) => [language, readLexicon(language)]),
  ) as Lexicons;
  const wordnetDir = findWordNetDir();
  const wordnet = wordnetDir ? readWordNet(wordnetDir) : undefined;
  const library = Object.fromEntries(
    LEARNING_LANGUAGES.map((language) => [language, readLibraryWords(language)]),
  ) as Record<LearningLanguage, LibraryWords>;
  const { entries, sources } = buildEntries(lexicons, wordnet, library);
  sources.unshift('lexicon', 'library', ...(wordnetDir ? [`wordnet:${wordnetDir}`] : []));

  mkdirSync(dataDir, { recursive: true });
  const counts = {} as StoreMeta['counts'];
  for (const language of LEARNING_LANGUAGES) {
    const file = await buildLanguage(language, entries[language], lexicons, wordnet, library[language]);
    writeAtomic(storePath(dataDir, language), encodeStore(file, STORE_VERSION));
    rmSync(legacyStorePath(dataDir, language), { force: true });
    counts[language] = {
      lemmas: file.lemmas.length,
      entries: [...entries[language].values()].reduce((n, list) => n + list.length, 0),
      forms: file.forms.length,
      examples: file.examples.length,
    };
  }
  const meta: StoreMeta = {
    version: STORE_VERSION,
    fingerprint,
    builtAt: new Date().toISOString(),
    buildMs: Math.round(performance.now() - started),
    sources,
    counts,
  };
  writeAtomic(metaPath(dataDir), JSON.stringify(meta, null, 2));
  return meta;
}
