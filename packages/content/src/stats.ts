import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLexicon } from '@lendo/dictionary';
import {
  LEARNING_LANGUAGES,
  LEVELS,
  WORDS_PER_MINUTE,
  type LearningLanguage,
  type Level,
} from '@lendo/shared';
import { lowerWord, sentenceTokens } from './glossary.ts';
import type { LibraryStory } from './library.ts';

/**
 * A level's vocabulary: the core frequency list of the dictionary's curated lexicon
 * (apps/dictionary/data/lexicon, ranks 1–1,000) and every lemma of the same language's stories at
 * the levels below, the words a learner following the graded path has already met.
 */
const CORE_RANKS = 1000;

export interface StoryStats {
  slug: string;
  language: LearningLanguage;
  level: Level;
  words: number;
  /** Distinct lemmas of the story. */
  lemmas: number;
  /** Share of the story's word tokens (names left out) whose lemma is in the level's vocabulary. */
  inVocabulary: number;
  /** Reading time at the level's pace (WORDS_PER_MINUTE), in minutes. */
  minutes: number;
}

export interface LevelStats {
  language: LearningLanguage;
  level: Level;
  stories: number;
  /** Distinct lemmas over the level's stories in that language. */
  lemmas: number;
}

/** The lemmas of a language's core frequency list. */
const coreLemmas = (language: LearningLanguage) =>
  new Set(readLexicon(language).flatMap((row) => (row.rank <= CORE_RANKS ? [lowerWord(row.lemma)] : [])));

/** What a learner meets in each story: its length, its lemmas, how much of it is within their level. */
function storyStats(entry: LibraryStory, vocabulary: Set<string>): StoryStats & { lemmaSet: Set<string> } {
  const { story, glossary } = entry;
  const lemmaSet = new Set<string>();
  let words = 0;
  let counted = 0;
  let known = 0;
  for (const sentence of story.chapters.flatMap((chapter) => chapter.pages.flat())) {
    for (const token of sentenceTokens(sentence)) {
      words += 1;
      const lemma = lowerWord(token.lemma);
      if (glossary[token.sense]?.pos === 'name') continue;
      lemmaSet.add(lemma);
      counted += 1;
      if (vocabulary.has(lemma)) known += 1;
    }
  }
  return {
    slug: story.slug,
    language: story.language,
    level: story.level,
    words,
    lemmas: lemmaSet.size,
    inVocabulary: counted === 0 ? 1 : known / counted,
    minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE[story.level])),
    lemmaSet,
  };
}

export function libraryStats(library: LibraryStory[]): { stories: StoryStats[]; levels: LevelStats[] } {
  const stories: StoryStats[] = [];
  const levels: LevelStats[] = [];
  for (const language of LEARNING_LANGUAGES) {
    const vocabulary = coreLemmas(language);
    for (const level of LEVELS) {
      const at = library
        .filter(({ story }) => story.language === language && story.level === level)
        .map((entry) => storyStats(entry, vocabulary))
        .sort((a, b) => a.slug.localeCompare(b.slug));
      const lemmas = new Set(at.flatMap((s) => [...s.lemmaSet]));
      levels.push({ language, level, stories: at.length, lemmas: lemmas.size });
      stories.push(...at.map(({ lemmaSet: _, ...rest }) => rest));
      for (const lemma of lemmas) vocabulary.add(lemma);
    }
  }
  return { stories, levels };
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The README section: a table per level and one per story. */
export function statsMarkdown(library: LibraryStory[]): string {
  const { stories, levels } = libraryStats(library);
  const lines = [
    `${library.length} stories. A level's vocabulary is the core frequency list of the dictionary's curated`,
    `lexicon (\`apps/dictionary/data/lexicon\`, ranks 1–${CORE_RANKS.toLocaleString('en')}) and every lemma of the language's stories`,
    'at the levels below: what a learner following the graded path has met. Names are left out of the',
    'share. Reading time is at the pace the app uses for the level (`WORDS_PER_MINUTE`).',
    '',
    '| language | level | stories | distinct lemmas | words per story | in level vocabulary | reading time |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const level of levels) {
    const at = stories.filter((s) => s.language === level.language && s.level === level.level);
    const words = at.map((s) => s.words);
    const share = at.reduce((sum, s) => sum + s.inVocabulary, 0) / (at.length || 1);
    const minutes = at.map((s) => s.minutes);
    lines.push(
      `| ${level.language} | ${level.level} | ${level.stories} | ${level.lemmas} | ${Math.min(...words)}–${Math.max(...words)} | ${percent(share)} | ${Math.min(...minutes)}–${Math.max(...minutes)} min |`,
    );
  }
  lines.push(
    '',
    '| story | level | words | distinct lemmas | in level vocabulary | reading time |',
    '|---|---|---|---|---|---|',
  );
  for (const s of stories) {
    lines.push(
      `| ${s.slug} | ${s.level} | ${s.words} | ${s.lemmas} | ${percent(s.inVocabulary)} | ${s.minutes} min |`,
    );
  }
  return ['<!-- prettier-ignore-start -->', ...lines, '<!-- prettier-ignore-end -->'].join('\n');
}

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- stats:start (npm run stats -w @lendo/content) -->';
const END = '<!-- stats:end -->';

/** The README with its stats section replaced by `stats`. */
export function withStats(readme: string, stats: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start)
    return `${readme.trimEnd()}\n\n## The library in numbers\n\n${START}\n${stats}\n${END}\n`;
  return `${readme.slice(0, start + START.length)}\n${stats}\n${readme.slice(end)}`;
}

export function writeStats(library: LibraryStory[]): void {
  writeFileSync(README, withStats(readFileSync(README, 'utf8'), statsMarkdown(library)));
}
