import { randomUUID } from 'node:crypto';
import {
  LEVEL_FOR_PROFICIENCY,
  LEVELS,
  STORY_GEN_STORIES_MAX,
  lemmaKey,
  toLearningLanguage,
  translationLanguageFor,
  type Genre,
  type LearningLanguage,
  type Level,
  type Me,
  type StoryCard,
  type StoryGenEvent,
  type StoryGenHome,
  type StoryGenMode,
  type WordStatus,
  type storyGenBody,
} from '@lendo/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Localized, StoredSentence } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DictionaryClient } from '../../lib/dictionary-client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { parseModelJson, type LlmClient } from '../../lib/llm.ts';
import type { EntitlementsService } from '../entitlements/service.ts';
import { chapterIdFor } from '../stories/ids.ts';
import { foldText } from '../stories/text.ts';
import {
  MODEL_STORY_SCHEMA,
  modelStorySchema,
  repairMessages,
  storyMessages,
  type ModelStory,
} from './model.ts';
import { storyGenRepository as repo, type NewOwnPage } from './repository.ts';
import { storyStreamReader } from './stream-json.ts';
import { SENTENCES_PER_CHAPTER, coverageOf, ownCover, paginate, sentenceGlosser, wordsIn } from './text.ts';

export interface StoryGenDeps {
  db: Db;
  clock: Clock;
  /** The configured language model; without one the generator assembles practice reading. */
  llm: LlmClient | null;
  dictionary: DictionaryClient;
  userOf(userId: string): Promise<Me>;
  entitlements: Pick<EntitlementsService, 'allowanceOf' | 'reserve' | 'release' | 'usage'>;
  /** Story cards as the library shows them (progress, favorite, lock). */
  cards: {
    card(userId: string, storyId: string): Promise<StoryCard | null>;
    own(userId: string): Promise<StoryCard[]>;
  };
  /** Drops what is kept of the learner's stories (their shelf) after a change. */
  changed(userId: string): Promise<void>;
  log: { warn(obj: object, msg: string): void };
}

/** Words offered for practice, and lemmas named to the model as known. */
const SUGGESTED_WORDS = 10;
const KNOWN_IN_PROMPT = 300;

export type StoryGenSend = (event: StoryGenEvent) => void;

/** A generation accepted and paid for, ready to run. */
interface Job {
  userId: string;
  mode: StoryGenMode;
  language: LearningLanguage;
  target: LearningLanguage;
  level: Level;
  genre: Genre;
  words: string[];
  /** Chapter numbers to write: all of a new story, or the one being rewritten. */
  numbers: number[];
  perChapter: number;
  /** AI sentences reserved (null: practice reading, nothing counted). */
  reserved: number | null;
  /** The story whose chapter is rewritten. */
  story?: { id: string; slug: string; title: string };
}

interface WrittenChapter {
  number: number;
  title: string;
  sentences: { text: string; translation: string }[];
}

export function createStoryGenService(deps: StoryGenDeps) {
  const { db, clock, llm, dictionary, userOf, entitlements, cards, changed, log } = deps;
  /** Learners with a generation running on this instance: one at a time each. */
  const running = new Set<string>();
  const mode: StoryGenMode = llm ? 'ai' : 'practice';

  const languageOf = (me: Me): LearningLanguage => {
    if (!me.learning_language) throw badRequest('error.invalid-value', { language: 'error.required' });
    return me.learning_language;
  };
  const targetOf = (me: Me, language: LearningLanguage) =>
    toLearningLanguage(translationLanguageFor(me.locale, language));

  /** Reserves the AI sentences of the chapters to write (pro: what is left this month). */
  async function reserve(userId: string, chapters: number, perChapter: number) {
    if (mode !== 'ai') return { reserved: null, perChapter };
    const reserved = await entitlements.reserve(userId, 'ai_sentences', chapters * perChapter, chapters * 3);
    return { reserved, perChapter: Math.floor(reserved / chapters) };
  }

  function startJob(userId: string) {
    if (running.has(userId)) throw conflict('story-gen.busy');
    running.add(userId);
  }

  /** Lemmas the learner knows, for the prompt. */
  async function knownLemmas(userId: string, language: LearningLanguage) {
    const statuses = await repo.statuses(db, userId, language);
    return [...statuses]
      .filter(([, status]) => status === 'known')
      .map(([lemma]) => lemma)
      .slice(0, KNOWN_IN_PROMPT);
  }

  /** Writes chapters with the model, streaming each part as it comes; repairs once an invalid answer. */
  async function writeWithModel(
    job: Job,
    send: StoryGenSend,
    signal: AbortSignal,
  ): Promise<{ title: string; chapters: WrittenChapter[] }> {
    const model = llm!;
    const others = job.story ? await repo.sentences(db, job.story.id) : null;
    const messages = storyMessages({
      language: job.language,
      target: job.target,
      level: job.level,
      genre: job.genre,
      chapters: job.numbers.length,
      perChapter: job.perChapter,
      words: job.words,
      known: await knownLemmas(job.userId, job.language),
      rewrite:
        job.story && others
          ? {
              title: job.story.title,
              chapter: job.numbers[0]!,
              others: [...others]
                .filter(([number]) => number !== job.numbers[0])
                .map(([number, chapter]) => ({
                  number,
                  text: chapter.sentences.map((s) => s.text).join(' '),
                })),
            }
          : undefined,
    });
    const schema = modelStorySchema(job.numbers.length, job.perChapter);
    const numberOf = (index: number) => job.numbers[index - 1] ?? index;
    const read = storyStreamReader((part) => {
      if (part.kind === 'title') send({ type: 'title', title: part.title });
      else if (part.kind === 'chapter')
        send({ type: 'chapter', number: numberOf(part.chapter), title: part.title });
      else
        send({
          type: 'sentence',
          chapter: numberOf(part.chapter),
          text: part.text,
          translation: part.translation,
        });
    });
    let answer = '';
    for await (const text of model.chatStream(messages, { responseSchema: MODEL_STORY_SCHEMA, signal })) {
      answer += text;
      read(text);
    }
    let story: ModelStory;
    const first = parseModelJson(answer, schema);
    if (first.ok) {
      story = first.value;
    } else {
      log.warn(
        { problem: first.problem },
        'story generator: the model answer is invalid, asking for a repair',
      );
      send({ type: 'restart' });
      story = await model.chatJson(repairMessages(messages, answer, first.problem), schema, {
        temperature: 0.2,
      });
      send({ type: 'title', title: story.title });
      story.chapters.forEach((chapter, i) => {
        send({ type: 'chapter', number: numberOf(i + 1), title: chapter.title });
        for (const s of chapter.sentences) send({ type: 'sentence', chapter: numberOf(i + 1), ...s });
      });
    }
    return {
      title: story.title,
      chapters: story.chapters.map((chapter, i) => ({
        number: numberOf(i + 1),
        title: chapter.title,
        sentences: chapter.sentences,
      })),
    };
  }

  /**
   * Practice reading: library sentences at or below the level that use the chosen words, in the
   * order of their stories, with their authored translations and glosses.
   */
  async function assemblePractice(job: Job, send: StoryGenSend, exclude: Set<string>) {
    const wanted = new Set(job.words.map(lemmaKey));
    const levels = LEVELS.slice(0, LEVELS.indexOf(job.level) + 1);
    const found: { sentence: StoredSentence; source: string }[] = [];
    for (const page of await repo.libraryPages(db, job.language, levels)) {
      for (const sentence of page.sentences) {
        if (exclude.has(sentence.text)) continue;
        const forms = wordsIn(sentence.text).map(lemmaKey);
        const uses =
          sentence.words.some((w) => wanted.has(lemmaKey(w.lemma))) || forms.some((f) => wanted.has(f));
        if (uses) found.push({ sentence, source: page.title[job.language] });
      }
    }
    const total = job.numbers.length * job.perChapter;
    // Spread over the words: each word's sentences in turn, so one common word does not take all.
    const chosen = found.length <= total ? found : spread(found, wanted, total);
    if (chosen.length === 0) throw new AppError(422, 'story-gen.no-sentences');
    const per = Math.ceil(chosen.length / job.numbers.length);
    const title = job.words.join(' · ');
    send({ type: 'title', title });
    const chapters: (WrittenChapter & { stored: StoredSentence[] })[] = [];
    job.numbers.forEach((number, i) => {
      const part = chosen.slice(i * per, (i + 1) * per);
      if (part.length === 0) return;
      const chapterTitle = [...new Set(part.map((p) => p.source))].join(' · ');
      send({ type: 'chapter', number, title: chapterTitle });
      const sentences = part.map(({ sentence }) => ({
        text: sentence.text,
        translation: sentence.translations[job.target] ?? '',
      }));
      for (const s of sentences) send({ type: 'sentence', chapter: number, ...s });
      chapters.push({ number, title: chapterTitle, sentences, stored: part.map((p) => p.sentence) });
    });
    return { title, chapters };
  }

  /** Runs a job to its end: streams it, saves it and sends done, or sends error and saves nothing. */
  async function run(job: Job, send: StoryGenSend, signal: AbortSignal) {
    let used = 0;
    try {
      send({ type: 'start', mode: job.mode, chapters: job.numbers.length });
      const gloss = sentenceGlosser(dictionary, job.language, job.target);
      let title: string;
      let chapters: { number: number; title: string; stored: StoredSentence[] }[];
      if (job.mode === 'ai') {
        const written = await writeWithModel(job, send, signal);
        title = written.title;
        chapters = [];
        for (const chapter of written.chapters) {
          const stored = await Promise.all(chapter.sentences.map((s) => gloss(s.text, s.translation)));
          chapters.push({ number: chapter.number, title: chapter.title, stored });
        }
        used = written.chapters.reduce((sum, c) => sum + c.sentences.length, 0);
      } else {
        const exclude = new Set<string>();
        if (job.story) {
          for (const chapter of (await repo.sentences(db, job.story.id)).values()) {
            for (const s of chapter.sentences) exclude.add(s.text);
          }
        }
        const assembled = await assemblePractice(job, send, exclude);
        title = assembled.title;
        chapters = assembled.chapters.map(({ number, title: t, stored }) => ({
          number,
          title: t,
          // Only the reader's translation language is kept, like generated text.
          stored: stored.map((s) => ({
            ...s,
            translations: { [job.target]: s.translations[job.target] ?? '' },
          })),
        }));
      }
      if (signal.aborted) throw signal.reason;
      const storyId = await save(job, title, chapters);
      const statuses = await repo.statuses(db, job.userId, job.language);
      const coverage = coverageOf(
        chapters.flatMap((c) => c.stored),
        statuses,
        job.words,
      );
      await changed(job.userId);
      const card = await cards.card(job.userId, storyId);
      if (!card) throw notFound();
      send({
        type: 'done',
        story: card,
        first_chapter_id: chapterIdFor(card.slug, job.numbers[0]!),
        coverage,
      });
    } catch (err) {
      used = 0;
      const known = err instanceof AppError;
      if (!known && !signal.aborted) log.warn({ err }, 'story generator: the story could not be written');
      const code = known ? err.code : 'story-gen.model-failed';
      send({
        type: 'error',
        code,
        message: known ? err.message : 'The story could not be written right now.',
      });
    } finally {
      running.delete(job.userId);
      if (job.reserved !== null && job.reserved > used) {
        await entitlements.release(job.userId, 'ai_sentences', job.reserved - used).catch((err: unknown) => {
          log.warn({ err }, 'story generator: unused AI sentences were not given back');
        });
      }
    }
  }

  /** Saves a new story, or the rewritten chapter of one; returns the story id. */
  async function save(
    job: Job,
    title: string,
    written: { number: number; title: string; stored: StoredSentence[] }[],
  ): Promise<string> {
    const now = clock.now();
    const localized = (text: string): Localized => ({ en: text, es: text, pt: text });
    const wordCount = (stored: StoredSentence[]) => stored.reduce((sum, s) => sum + s.words.length, 0);
    const contentHash = randomUUID().replaceAll('-', '');
    if (job.story) {
      const { id, slug } = job.story;
      const chapter = written[0]!;
      const chapterId = chapterIdFor(slug, chapter.number);
      const pageRows: NewOwnPage[] = paginate(chapter.stored, job.level).map((sentences, p) => ({
        chapterId,
        number: p + 1,
        sentences,
      }));
      await db.transaction(async (tx) => {
        if (!(await repo.find(tx, job.userId, id))) throw notFound();
        const totals = await repo.replaceChapter(
          tx,
          job.userId,
          id,
          { id: chapterId, title: localized(chapter.title), wordCount: wordCount(chapter.stored) },
          pageRows,
        );
        await repo.updateStory(tx, job.userId, id, {
          pagesCount: totals.pages,
          wordCount: totals.words,
          contentHash,
          updatedAt: now,
        });
      });
      return id;
    }
    const id = randomUUID();
    const slug = `own-${id}`;
    const chapterRows = written.map((chapter) => ({
      id: chapterIdFor(slug, chapter.number),
      storyId: id,
      number: chapter.number,
      title: localized(chapter.title),
      pagesCount: paginate(chapter.stored, job.level).length,
      wordCount: wordCount(chapter.stored),
    }));
    const pageRows = written.flatMap((chapter) =>
      paginate(chapter.stored, job.level).map((sentences, p) => ({
        chapterId: chapterIdFor(slug, chapter.number),
        number: p + 1,
        sentences,
      })),
    );
    await db.transaction(async (tx) => {
      if ((await repo.count(tx, job.userId)) >= STORY_GEN_STORIES_MAX)
        throw conflict('story-gen.too-many-stories');
      await repo.insert(
        tx,
        {
          id,
          slug,
          language: job.language,
          level: job.level,
          genre: job.genre,
          category: 'short stories',
          free: true,
          title: localized(title),
          description: localized(job.words.join(', ')),
          coverSvg: ownCover(id, job.genre),
          chaptersCount: chapterRows.length,
          pagesCount: pageRows.length,
          wordCount: chapterRows.reduce((sum, c) => sum + c.wordCount, 0),
          contentHash,
          searchText: foldText(title),
          sortTitle: foldText(title),
          createdAt: now,
          updatedAt: now,
          ownerId: job.userId,
          origin: job.mode,
        },
        chapterRows,
        pageRows,
      );
    });
    return id;
  }

  return {
    mode,

    /** The generator's page: its mode, the plan's AI sentences, words to suggest, the learner's stories. */
    async home(userId: string): Promise<StoryGenHome> {
      const me = await userOf(userId);
      const language = languageOf(me);
      const [allowance, usage, due, learning, stories] = await Promise.all([
        entitlements.allowanceOf(userId),
        entitlements.usage(userId),
        repo.dueWords(db, userId, language, clock.now(), SUGGESTED_WORDS),
        repo.learningWords(db, userId, language, SUGGESTED_WORDS),
        cards.own(userId),
      ]);
      const suggested = new Map<string, WordStatus>();
      for (const word of due) if (!suggested.has(lemmaKey(word))) suggested.set(lemmaKey(word), 'learning');
      for (const lemma of learning) if (!suggested.has(lemma)) suggested.set(lemma, 'learning');
      const meter = usage.meters.find((m) => m.meter === 'ai_sentences');
      return {
        mode,
        language,
        level: LEVEL_FOR_PROFICIENCY[me.proficiency ?? 'other'],
        can_generate: allowance.monthly.ai_sentences !== 0,
        ai_sentences: { used: meter?.used ?? 0, limit: meter?.limit ?? null },
        suggested_words: [...suggested]
          .slice(0, SUGGESTED_WORDS)
          .map(([lemma, status]) => ({ lemma, status })),
        stories,
      };
    },

    /** Accepts a new story to write (or refuses it with a JSON error); run it with `run`. */
    async prepare(userId: string, body: z.output<typeof storyGenBody>): Promise<Job> {
      const me = await userOf(userId);
      const language = languageOf(me);
      const words = [...new Map(body.words.map((w) => [lemmaKey(w), w.trim()])).values()];
      if (mode === 'practice' && words.length === 0)
        throw badRequest('error.required', { words: 'error.required' });
      if ((await repo.count(db, userId)) >= STORY_GEN_STORIES_MAX)
        throw conflict('story-gen.too-many-stories');
      startJob(userId);
      try {
        const { reserved, perChapter } = await reserve(
          userId,
          body.chapters,
          SENTENCES_PER_CHAPTER[body.level],
        );
        return {
          userId,
          mode,
          language,
          target: targetOf(me, language),
          level: body.level,
          genre: body.genre,
          words,
          numbers: Array.from({ length: body.chapters }, (_, i) => i + 1),
          perChapter,
          reserved,
        };
      } catch (err) {
        running.delete(userId);
        throw err;
      }
    },

    /** Accepts rewriting one chapter of the learner's own story. */
    async prepareChapter(userId: string, storyId: string, number: number): Promise<Job> {
      const me = await userOf(userId);
      const story = await repo.find(db, userId, storyId);
      if (!story || number > story.chaptersCount) throw notFound();
      const language = story.language as LearningLanguage;
      const level = story.level as Level;
      const words = story.description[language].split(', ').filter(Boolean);
      const storyMode = story.origin === 'practice' ? 'practice' : mode;
      if (storyMode !== mode) throw conflict('error.conflict');
      startJob(userId);
      try {
        const { reserved, perChapter } = await reserve(userId, 1, SENTENCES_PER_CHAPTER[level]);
        return {
          userId,
          mode,
          language,
          target: targetOf(me, language),
          level,
          genre: story.genre as Genre,
          words,
          numbers: [number],
          perChapter,
          reserved,
          story: { id: story.id, slug: story.slug, title: story.title[language] },
        };
      } catch (err) {
        running.delete(userId);
        throw err;
      }
    },

    run,

    async rename(userId: string, storyId: string, title: string): Promise<StoryCard> {
      const story = await repo.find(db, userId, storyId);
      if (!story) throw notFound();
      const localized: Localized = { en: title, es: title, pt: title };
      if (!(await repo.rename(db, userId, storyId, localized, foldText(title), clock.now())))
        throw notFound();
      await changed(userId);
      const card = await cards.card(userId, storyId);
      if (!card) throw notFound();
      return card;
    },

    async remove(userId: string, storyId: string): Promise<void> {
      if (!(await repo.remove(db, userId, storyId))) throw notFound();
      await changed(userId);
    },
  };
}

/** `total` of the found sentences, taking each chosen word's next sentence in turn; kept in reading order. */
function spread<T extends { sentence: StoredSentence }>(found: T[], wanted: Set<string>, total: number): T[] {
  const byWord = new Map<string, number[]>();
  found.forEach(({ sentence }, i) => {
    const forms = new Set([
      ...sentence.words.map((w) => lemmaKey(w.lemma)),
      ...wordsIn(sentence.text).map(lemmaKey),
    ]);
    for (const word of wanted) if (forms.has(word)) byWord.set(word, [...(byWord.get(word) ?? []), i]);
  });
  const picked = new Set<number>();
  const queues = [...byWord.values()];
  while (picked.size < total && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next !== undefined) picked.add(next);
      if (picked.size >= total) break;
    }
  }
  return [...picked].sort((a, b) => a - b).map((i) => found[i]!);
}

export type StoryGenService = ReturnType<typeof createStoryGenService>;
