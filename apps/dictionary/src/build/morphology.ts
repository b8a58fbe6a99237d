import type { LearningLanguage, PartOfSpeech } from '@lendo/shared';
import { normalizeWord } from '../normalize.ts';
import {
  applyAffix,
  decodeHunspell,
  detectEncoding,
  expandStem,
  parseAff,
  parseDic,
  type Stem,
} from './hunspell.ts';

/** How a form was tied to a lemma, most trusted first. */
export const Analysis = {
  /** data/irregular/<language>.tsv */
  irregular: 0,
  /** WordNet's morphy exception lists (English). */
  exception: 1,
  /** Inflectional Hunspell affixes: plural, gender, conjugation, clitic pronouns. */
  inflection: 2,
  /** The form is a lemma itself. */
  self: 3,
  /** Derivational suffixes (-ción, -mente, diminutives): only a fallback. */
  derivation: 4,
} as const;
export type Analysis = (typeof Analysis)[keyof typeof Analysis];

/** form → lemma → best analysis found. */
export type Analyses = Map<string, Map<string, Analysis>>;

export function addAnalysis(analyses: Analyses, form: string, lemma: string, analysis: Analysis) {
  const key = normalizeWord(form);
  const lemmas = analyses.get(key) ?? new Map<string, Analysis>();
  const known = lemmas.get(lemma);
  if (known === undefined || analysis < known) lemmas.set(lemma, analysis);
  analyses.set(key, lemmas);
}

/** Suffix classes that derive new words rather than inflect, read off each .aff's comments. */
const DERIVATIONAL_SUFFIXES: Record<LearningLanguage, string> = {
  // en_US: -ive -ion -ions -th -ly -ness -able -ment -ings -ers
  en: 'VNXHYPBLJZ',
  // -ción -dura -aje -ncia -azo -bilidad -edad -ería -eza -illo -ismo -miento -xión -ble -ito
  es: 'ABCFHJKLMNOPQTU',
  // -íssimo -vel -mente -mento -tório diminutives augmentatives -idade -ante -ismo -ista -ógico
  // states' abbreviations, -dor
  pt: 'HIJKMNOPQRSTUVWXYZ1234567j',
};

/**
 * Inflection classes every lexicon lemma of a part of speech should have. Dictionaries leave out
 * words another stem already generates (pt "casa" and "casas" come only from the verb "casar") and
 * list some lemmas without their inflections (en_US "hope/MS" has no -ed or -ing), which would
 * leave "casas" resolving to the verb alone and "hoped" to "hop". The first row whose part of
 * speech and ending match names the .aff classes a lexicon lemma gets when its stem lacks them.
 */
const LEXICON_CLASSES: Record<LearningLanguage, { pos: PartOfSpeech; ending: string; flags: string }[]> = {
  en: [
    { pos: 'noun', ending: '', flags: 'S' },
    { pos: 'verb', ending: '', flags: 'SDG' },
  ],
  es: [
    { pos: 'noun', ending: '', flags: 'S' },
    { pos: 'adjective', ending: 'o', flags: 'GS' },
    { pos: 'adjective', ending: '', flags: 'S' },
  ],
  pt: [
    { pos: 'noun', ending: '', flags: 'B' },
    { pos: 'adjective', ending: 'o', flags: 'D' },
    { pos: 'adjective', ending: '', flags: 'B' },
  ],
};

const HUNSPELL = {
  en: () => import('dictionary-en'),
  es: () => import('dictionary-es'),
  pt: () => import('dictionary-pt'),
};

export async function loadHunspell(language: LearningLanguage) {
  const { aff, dic } = (await HUNSPELL[language]()).default;
  const encoding = detectEncoding(aff);
  const affix = parseAff(decodeHunspell(aff, encoding));
  return { aff: affix, stems: [...parseDic(decodeHunspell(dic, encoding), affix)] };
}
export type Hunspell = Awaited<ReturnType<typeof loadHunspell>>;

export interface MorphologyInput {
  language: LearningLanguage;
  hunspell: Hunspell;
  /** Lemmas with an entry (exact spelling) and their parts of speech: the stems worth expanding. */
  lemmas: Map<string, Set<PartOfSpeech>>;
  /** The curated lexicon's lemmas and parts of speech, which are reliable enough to add classes. */
  lexicon: Map<string, Set<PartOfSpeech>>;
  irregular: Map<string, string[]>;
  exceptions?: Map<string, string[]>;
}

export interface Morphology {
  analyses: Analyses;
  /**
   * Portuguese clitic pronouns are hyphenated ("deu-me", "fazê-lo", "dar-lhe-ei"): instead of
   * storing every combination, the part before the first hyphen is kept here ("fazê" → fazer) and
   * looked up when a hyphenated word is not found as a whole.
   */
  cliticHosts: Analyses;
}

/**
 * WordNet's rules of detachment (morphy, as in WordNet's morph.c): a form ending in what stands
 * before ">" may be the lemma ending in what follows, if that lemma has that part of speech.
 */
const MORPHY = (
  [
    ['noun', 's> ses>s xes>x zes>z ches>ch shes>sh men>man ies>y'],
    ['verb', 's> ies>y es>e es> ed>e ed> ing>e ing>'],
    ['adjective', 'er> est> er>e est>e'],
  ] as const
).map(([pos, rules]) => [pos, rules.split(' ').map((rule) => rule.split('>') as [string, string])] as const);

/**
 * Maps every form of the lemmas that have entries to those lemmas: Hunspell expansion of their
 * stems (inflection and, as a fallback, derivation), the curated irregular forms and, for English,
 * WordNet's morphy (exception lists and rules of detachment).
 */
export function buildMorphology({
  language,
  hunspell,
  lemmas,
  lexicon,
  irregular,
  exceptions,
}: MorphologyInput): Morphology {
  const { aff, stems } = hunspell;
  const analyses: Analyses = new Map();
  const cliticHosts: Analyses = new Map();
  const derivational = new Set(DERIVATIONAL_SUFFIXES[language]);

  const expand = (stem: Stem) => {
    for (const { form, affixes } of expandStem(aff, stem)) {
      // The lemma is the stem plus its leading derivational suffixes: "comunicaciones" →
      // "comunicación", with the verb "comunicar" only as a derivation fallback.
      let lemma: string | undefined = stem.word;
      for (const affix of affixes) {
        if (!derivational.has(affix.flag)) break;
        lemma = lemma && applyAffix(lemma, affix.kind, affix.rule);
      }
      const clitic = form.includes('-') && !stem.word.includes('-');
      const target = clitic ? cliticHosts : analyses;
      const key = clitic ? form.slice(0, form.indexOf('-')) : form;
      if (!lemma || lemma === stem.word) {
        addAnalysis(target, key, stem.word, affixes.length === 0 ? Analysis.self : Analysis.inflection);
      } else {
        addAnalysis(target, key, lemma, form === lemma ? Analysis.self : Analysis.inflection);
        addAnalysis(target, key, stem.word, Analysis.derivation);
      }
    }
  };

  // Prefixes (re-, des-, in-…) derive new words; expanding them everywhere tripled the Portuguese
  // forms for fallbacks alone, so stems are expanded with their suffixes only.
  const suffixesOf = (flags: string[]) => flags.filter((flag) => aff.suffixes.has(flag));
  const classes = new Map<string, Set<string>>();
  for (const stem of stems) {
    if (!lemmas.has(stem.word)) continue;
    const flags = suffixesOf(stem.flags);
    classes.set(stem.word, new Set([...(classes.get(stem.word) ?? []), ...flags]));
    expand({ word: stem.word, flags });
  }
  // Lemmas the .dic only makes with a prefix (pt "procurar" is pro- + "curar", en "return" re- +
  // "turn") inflect like their base, through the suffixes that allow the cross product.
  for (const stem of stems) {
    for (const flag of stem.flags) {
      const prefix = aff.prefixes.get(flag);
      for (const rule of prefix?.rules ?? []) {
        const word = applyAffix(stem.word, 'PFX', rule);
        if (!word || !lemmas.has(word) || classes.has(word)) continue;
        const cross = prefix!.cross ? suffixesOf(stem.flags).filter((f) => aff.suffixes.get(f)!.cross) : [];
        classes.set(word, new Set(cross));
        expand({ word, flags: cross });
      }
    }
  }
  for (const [lemma, parts] of lexicon) {
    const row = LEXICON_CLASSES[language].find((r) => parts.has(r.pos) && lemma.endsWith(r.ending));
    const missing = [...(row?.flags ?? '')].filter((flag) => !classes.get(lemma)?.has(flag));
    if (missing.length > 0) expand({ word: lemma, flags: missing });
  }
  // English: en_US lists many inflected forms as stems of their own ("writing", "wrote"), so
  // every lower-case word of the .dic also goes through morphy.
  if (language === 'en') {
    for (const { word } of stems) {
      if (word !== word.toLowerCase()) continue;
      for (const [pos, rules] of MORPHY) {
        for (const [suffix, ending] of rules) {
          if (!word.endsWith(suffix)) continue;
          const lemma = word.slice(0, word.length - suffix.length) + ending;
          if (lemma && lemma !== word && lemmas.get(lemma)?.has(pos))
            addAnalysis(analyses, word, lemma, Analysis.inflection);
        }
      }
    }
  }

  for (const [form, lemmasOfForm] of irregular) {
    for (const lemma of lemmasOfForm) addAnalysis(analyses, form, lemma, Analysis.irregular);
  }
  for (const [form, lemmasOfForm] of exceptions ?? []) {
    for (const lemma of lemmasOfForm)
      if (lemmas.has(lemma)) addAnalysis(analyses, form, lemma, Analysis.exception);
  }
  // English letters are nouns ("i", "u") whose plurals are common words: "is" and "us" are not
  // the plurals of the letters, so no rule-made form leads to a one-letter lemma.
  if (language === 'en') {
    for (const [form, lemmasOfForm] of analyses) {
      for (const [lemma, analysis] of lemmasOfForm) {
        if (lemma.length === 1 && form !== lemma && analysis >= Analysis.inflection)
          lemmasOfForm.delete(lemma);
      }
      if (lemmasOfForm.size === 0) analyses.delete(form);
    }
  }
  return { analyses, cliticHosts };
}
