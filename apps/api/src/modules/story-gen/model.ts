import { z } from 'zod';
import { withoutControlCharacters, type Genre, type LearningLanguage, type Level } from '@lendo/shared';
import type { ChatMessage, ResponseSchema } from '../../lib/llm.ts';
import { LANGUAGE_NAMES } from './text.ts';

/** Text from a model: control characters become spaces, then trimmed. */
const modelText = (max: number) =>
  z
    .string()
    .transform((s) => withoutControlCharacters(s).trim())
    .pipe(z.string().min(1).max(max));

/** The story as the model must answer it, for `chapters` chapters of at most `perChapter` + 4 sentences. */
export function modelStorySchema(chapters: number, perChapter: number) {
  return z.object({
    title: modelText(120),
    chapters: z
      .array(
        z.object({
          title: modelText(120),
          sentences: z
            .array(z.object({ text: modelText(400), translation: modelText(600) }))
            .min(3)
            .max(perChapter + 4),
        }),
      )
      .length(chapters),
  });
}
export type ModelStory = z.output<ReturnType<typeof modelStorySchema>>;

/** The same shape as a JSON Schema, for servers with structured output. */
export const MODEL_STORY_SCHEMA: ResponseSchema = {
  name: 'graded_story',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['title', 'chapters'],
    properties: {
      title: { type: 'string' },
      chapters: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'sentences'],
          properties: {
            title: { type: 'string' },
            sentences: {
              type: 'array',
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['text', 'translation'],
                properties: { text: { type: 'string' }, translation: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

const LEVEL_GUIDE: Record<Level, string> = {
  elementary:
    'CEFR A1: the 500 most frequent words, present tense, short sentences of 4 to 9 words, one idea each.',
  'pre-intermediate':
    'CEFR A2: the 1,000 most frequent words, present and simple past, sentences of up to 12 words.',
  intermediate:
    'CEFR B1: common vocabulary, past and future tenses, some linked clauses, sentences of up to 18 words.',
  'upper-intermediate':
    'CEFR B2: varied vocabulary and tenses, natural dialogue, sentences of up to 24 words.',
  advanced: 'CEFR C1: rich, idiomatic prose with varied sentence structure.',
};

export interface StoryRequest {
  language: LearningLanguage;
  target: LearningLanguage;
  level: Level;
  genre: Genre;
  chapters: number;
  perChapter: number;
  words: string[];
  /** Lemmas the learner knows, most useful first: the text should be built from them. */
  known: string[];
  /** When one chapter of an existing story is rewritten: the story's title and its other chapters. */
  rewrite?: { title: string; chapter: number; others: { number: number; text: string }[] };
}

/** The prompt: a graded text at the learner's level, i+1 around the words they practise. */
export function storyMessages(request: StoryRequest): ChatMessage[] {
  const language = LANGUAGE_NAMES[request.language];
  const target = LANGUAGE_NAMES[request.target];
  const lines = [
    `You write original graded reading for learners of ${language}.`,
    `Level: ${request.level}. ${LEVEL_GUIDE[request.level]}`,
    `Genre: ${request.genre}.`,
    'Almost every word must be one the learner already knows or a very common word of the level; ' +
      'new words only where the story needs them, and only a few.',
  ];
  if (request.known.length > 0)
    lines.push(`Words the learner knows (use them freely): ${request.known.join(', ')}.`);
  if (request.words.length > 0) {
    lines.push(
      `Use each of these words the learner is practising at least once, in a natural way: ${request.words.join(', ')}.`,
    );
  }
  if (request.rewrite) {
    lines.push(
      `Rewrite chapter ${request.rewrite.chapter} of the story "${request.rewrite.title}" so it still fits the other chapters:`,
      ...request.rewrite.others.map((other) => `Chapter ${other.number}: ${other.text}`),
      'Answer with the story title and exactly one chapter: the rewritten one.',
    );
  } else {
    lines.push(`Write ${request.chapters} chapter(s) of about ${request.perChapter} sentences each.`);
  }
  lines.push(
    `Every sentence comes with a natural, faithful translation into ${target}.`,
    'Answer with JSON only: {"title": string, "chapters": [{"title": string, "sentences": [{"text": string, "translation": string}]}]}.',
    `Titles are in ${language}.`,
  );
  return [
    { role: 'system', content: lines.join('\n') },
    { role: 'user', content: 'Write the story now.' },
  ];
}

/** The follow-up asking the model to fix an answer that did not fit the schema. */
export function repairMessages(messages: ChatMessage[], answer: string, problem: string): ChatMessage[] {
  return [
    ...messages,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content:
        `That answer is not valid: ${problem}. Answer again with the complete corrected JSON only, ` +
        'in exactly the requested shape and number of chapters.',
    },
  ];
}
