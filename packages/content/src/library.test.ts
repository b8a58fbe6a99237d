import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATEGORIES, GENRES, LEARNING_LANGUAGES, LEVELS } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { glossaryProblems, sentenceTokens, type Glossary } from './glossary.ts';
import { LibraryError, STORIES_DIR, levelsWithoutFreeStory, readLibrary, readStory } from './library.ts';
import type { StoryQuestions } from './questions.ts';

const library = readLibrary();
const stories = library.map((entry) => entry.story);

describe('the story library', () => {
  const ofLanguage = (language: string) => stories.filter((s) => s.language === language);

  it('holds at least 20 stories in each learning language, 60 or more in all', () => {
    expect(stories.length).toBeGreaterThanOrEqual(60);
    for (const language of LEARNING_LANGUAGES) {
      expect(ofLanguage(language).length, language).toBeGreaterThanOrEqual(20);
    }
  });

  it('has at least four stories at every level in every language: a real graded-reader path', () => {
    for (const language of LEARNING_LANGUAGES) {
      for (const level of LEVELS) {
        const count = ofLanguage(language).filter((s) => s.level === level).length;
        expect(count, `${language} ${level}`).toBeGreaterThanOrEqual(4);
      }
    }
  });

  it('has a free story at every level in every language, and locked ones too', () => {
    expect(levelsWithoutFreeStory(stories)).toEqual([]);
    expect(stories.some((s) => !s.free)).toBe(true);
  });

  it('covers every genre and every category in every language', () => {
    for (const story of stories) expect(GENRES).toContain(story.genre);
    for (const language of LEARNING_LANGUAGES) {
      expect(new Set(ofLanguage(language).map((s) => s.genre)), language).toEqual(new Set(GENRES));
      expect(new Set(ofLanguage(language).map((s) => s.category)), language).toEqual(new Set(CATEGORIES));
    }
  });

  it('has distinct titles within a language', () => {
    for (const language of LEARNING_LANGUAGES) {
      const titles = stories.filter((s) => s.language === language).map((s) => s.title[language]);
      expect(new Set(titles).size, language).toBe(titles.length);
    }
  });

  it('keeps elementary pages short and advanced pages long', () => {
    const averageWords = (level: string) => {
      const pages = stories
        .filter((s) => s.level === level)
        .flatMap((s) => s.chapters.flatMap((c) => c.pages));
      const words = pages.map(
        (page) =>
          page
            .map((s) => s.text)
            .join(' ')
            .split(/\s+/).length,
      );
      return words.reduce((a, b) => a + b, 0) / words.length;
    };
    expect(averageWords('elementary')).toBeLessThan(70);
    expect(averageWords('advanced')).toBeGreaterThan(2 * averageWords('elementary'));
  });
});

describe('the glossaries', () => {
  it('gloss every word of every story in both other languages', () => {
    const problems = library.flatMap(({ story, glossary }) =>
      glossaryProblems(story, glossary).map((p) => `${story.slug} ${p.where}: ${p.message}`),
    );
    expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
  });
});

describe('levelsWithoutFreeStory', () => {
  it('names each level of a language whose stories are all locked', () => {
    const locked = stories.map((s) =>
      s.language === 'es' && s.level === 'advanced' ? { ...s, free: false } : s,
    );
    expect(levelsWithoutFreeStory(locked)).toEqual([{ language: 'es', level: 'advanced' }]);
    expect(levelsWithoutFreeStory([])).toHaveLength(LEARNING_LANGUAGES.length * LEVELS.length);
  });
});

describe('readStory', () => {
  const sample = library[0]!;
  const folder = join(STORIES_DIR, sample.story.language, sample.story.slug);

  /** A copy of the first story with `change` applied, read back. */
  function readChanged(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests reach into the raw JSON freely
    change: (story: any) => void,
    changeGlossary: (glossary: Glossary) => void = () => {},
    changeQuestions: (questions: StoryQuestions) => void = () => {},
  ) {
    const dir = join(mkdtempSync(join(tmpdir(), 'lendo-story-')), sample.story.slug);
    mkdirSync(dir);
    const json = JSON.parse(readFileSync(join(folder, 'story.json'), 'utf8'));
    change(json);
    writeFileSync(join(dir, 'story.json'), JSON.stringify(json));
    const glossary = structuredClone(sample.glossary);
    changeGlossary(glossary);
    writeFileSync(join(dir, 'glossary.json'), JSON.stringify(glossary));
    writeFileSync(join(dir, 'cover.svg'), sample.cover);
    const questions = structuredClone(sample.questions);
    changeQuestions(questions);
    writeFileSync(join(dir, 'questions.json'), JSON.stringify(questions));
    return () => readStory(dir);
  }

  it('reads a valid story', () => {
    expect(readChanged(() => {})().story.slug).toBe(sample.story.slug);
  });

  it('fails on a missing translation', () => {
    const read = readChanged((s) => {
      const translations = s.chapters[0].pages[0][0].translations;
      delete translations[Object.keys(translations)[0]!];
    });
    expect(read).toThrow(LibraryError);
    expect(read).toThrow(/missing translation/);
  });

  it('fails on an empty page', () => {
    expect(readChanged((s) => (s.chapters[1].pages[0] = []))).toThrow(/at least one sentence/);
  });

  it('fails on a lemma for a word the sentence does not have', () => {
    expect(readChanged((s) => (s.chapters[0].pages[0][0].lemmas = { zzyzx: 'zzyzx' }))).toThrow(
      /"zzyzx" is not a word of the sentence/,
    );
  });

  it('fails without a glossary', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lendo-story-')), sample.story.slug);
    mkdirSync(dir);
    writeFileSync(join(dir, 'story.json'), readFileSync(join(folder, 'story.json')));
    writeFileSync(join(dir, 'cover.svg'), sample.cover);
    expect(() => readStory(dir)).toThrow(/glossary\.json.*has no glossary entry/s);
  });

  it('fails on a word without a gloss, and on a missing gloss language', () => {
    const firstLemma = sentenceTokens(sample.story.chapters[0]!.pages[0]![0]!)[0]!.lemma;
    expect(
      readChanged(
        () => {},
        (g) => delete g[firstLemma],
      ),
    ).toThrow(new RegExp(`has no glossary entry "${firstLemma}"`));
    const other = LEARNING_LANGUAGES.find((l) => l !== sample.story.language)!;
    expect(
      readChanged(
        () => {},
        (g) => delete g[firstLemma]![other],
      ),
    ).toThrow(new RegExp(`no ${other} gloss`));
  });

  it('fails on a sense chosen for a word of another lemma', () => {
    const [first] = sentenceTokens(sample.story.chapters[0]!.pages[0]![0]!);
    const read = readChanged(
      (s) => (s.chapters[0].pages[0][0].senses = { [first!.text.toLowerCase()]: 'zzyzx#other' }),
      (g) => (g['zzyzx#other'] = { pos: 'noun', en: 'x', es: 'x', pt: 'x' }),
    );
    expect(read).toThrow(/is not a sense of its lemma/);
  });

  it('fails on questions that are not three per chapter with distinct options and an answer among them', () => {
    const noChange = () => {};
    const question = (q: StoryQuestions) => q.chapters[0]![0]!;
    expect(readChanged(noChange, noChange, (q) => q.chapters[0]!.pop())).toThrow(/3 questions/);
    expect(readChanged(noChange, noChange, (q) => q.chapters.pop())).toThrow(/chapters of questions/);
    expect(readChanged(noChange, noChange, (q) => (question(q).answer = question(q).options.length))).toThrow(
      /answer is not one of the options/,
    );
    expect(readChanged(noChange, noChange, (q) => (question(q).options = ['a', 'a', 'b']))).toThrow(
      /distinct/,
    );
    expect(readChanged(noChange, noChange, (q) => (question(q).options = ['a', 'b']))).toThrow(LibraryError);
    expect(readChanged(noChange, noChange, (q) => (question(q).options[1] = ' '))).toThrow(LibraryError);
  });

  it('fails without questions', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lendo-story-')), sample.story.slug);
    mkdirSync(dir);
    for (const file of ['story.json', 'glossary.json', 'cover.svg']) {
      writeFileSync(join(dir, file), readFileSync(join(folder, file)));
    }
    expect(() => readStory(dir)).toThrow(/questions\.json is missing/);
  });

  it('fails without the free flag', () => {
    expect(readChanged((s) => delete s.free)).toThrow(/free/);
  });

  it('fails on an unknown genre and on a cover with a script', () => {
    expect(readChanged((s) => (s.genre = 'romance'))).toThrow(/genre/);
    const dir = join(mkdtempSync(join(tmpdir(), 'lendo-story-')), sample.story.slug);
    mkdirSync(dir);
    writeFileSync(join(dir, 'story.json'), readFileSync(join(folder, 'story.json')));
    writeFileSync(join(dir, 'glossary.json'), readFileSync(join(folder, 'glossary.json')));
    writeFileSync(join(dir, 'cover.svg'), '<svg><script>alert(1)</script></svg>');
    expect(() => readStory(dir)).toThrow(/without scripts/);
  });
});
