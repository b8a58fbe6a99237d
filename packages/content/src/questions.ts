import { COMPREHENSION_QUESTIONS } from '@lendo/shared';
import { z } from 'zod';

/**
 * A story's comprehension checks (`questions.json`): for each chapter, in order, three questions
 * in the story's language with three or four options and the index of the right one.
 */
const text = z.string().trim().min(1);
export const questionSchema = z
  .object({
    question: text,
    options: z
      .array(text)
      .min(3)
      .max(4)
      .refine((options) => new Set(options.map((o) => o.trim())).size === options.length, {
        error: 'options must be distinct',
      }),
    answer: z.number().int().min(0),
  })
  .strict()
  .refine((q) => q.answer < q.options.length, {
    error: 'answer is not one of the options',
    path: ['answer'],
  });
export type Question = z.infer<typeof questionSchema>;

export const questionsSchema = z
  .object({
    chapters: z.array(
      z.array(questionSchema).length(COMPREHENSION_QUESTIONS, {
        error: `a chapter has ${COMPREHENSION_QUESTIONS} questions`,
      }),
    ),
  })
  .strict();
export type StoryQuestions = z.infer<typeof questionsSchema>;

/** Problems of a story's questions that the schema alone cannot see: one array per chapter. */
export function questionsProblems(chapters: number, questions: StoryQuestions): string[] {
  return questions.chapters.length === chapters
    ? []
    : [`${questions.chapters.length} chapters of questions for a story of ${chapters} chapters`];
}
