import {
  CATEGORIES,
  GENRES,
  LEARNING_LANGUAGES,
  LEVELS,
  WORD_PATTERN,
  type LearningLanguage,
} from '@lendo/shared';
import { z } from 'zod';

const text = z.string().trim().min(1);
const localized = z.object({ en: text, es: text, pt: text }).strict();

export const sentenceSchema = z
  .object({
    text,
    translations: z.partialRecord(z.enum(LEARNING_LANGUAGES), text),
    lemmas: z.record(z.string().min(1), z.string().min(1)).default({}),
    /** A further sense (`banco#seat`) of a word whose lemma has several in the story's glossary. */
    senses: z.record(z.string().min(1), z.string().min(1)).default({}),
  })
  .strict();

const pageSchema = z.array(sentenceSchema).min(1, { error: 'a page needs at least one sentence' });

const chapterSchema = z
  .object({
    title: localized,
    pages: z.array(pageSchema).min(2, { error: 'a chapter needs at least 2 pages' }),
  })
  .strict();

export const storySchema = z
  .object({
    slug: z.string().regex(/^(en|es|pt)-[a-z0-9]+(-[a-z0-9]+)*$/),
    language: z.enum(LEARNING_LANGUAGES),
    level: z.enum(LEVELS),
    genre: z.enum(GENRES),
    category: z.enum(CATEGORIES),
    /** Whether learners on the basic plan may read it; the others see it locked (DESIGN §5). */
    free: z.boolean(),
    title: localized,
    description: localized,
    chapters: z.array(chapterSchema).min(2, { error: 'a story needs at least 2 chapters' }),
  })
  .strict()
  .superRefine((story, ctx) => {
    if (!story.slug.startsWith(`${story.language}-`)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: 'the slug starts with the story language' });
    }
    const others = LEARNING_LANGUAGES.filter((l) => l !== story.language);
    story.chapters.forEach((chapter, c) =>
      chapter.pages.forEach((page, p) =>
        page.forEach((sentence, s) => {
          const path = ['chapters', c, 'pages', p, s];
          for (const language of others) {
            if (!sentence.translations[language]) {
              ctx.addIssue({
                code: 'custom',
                path: [...path, 'translations', language],
                message: 'missing translation',
              });
            }
          }
          if (sentence.translations[story.language]) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, 'translations'],
              message: 'a sentence is not translated into its own language',
            });
          }
          // A hyphenated word (araras-azuis, fazê-lo) may carry lemmas for the whole or its parts.
          const words = new Set(
            Array.from(sentence.text.matchAll(WORD_PATTERN), (m) => m[0].toLowerCase()).flatMap((w) => [
              w,
              ...w.split('-'),
            ]),
          );
          for (const surface of Object.keys(sentence.lemmas)) {
            if (!words.has(surface.toLowerCase())) {
              ctx.addIssue({
                code: 'custom',
                path: [...path, 'lemmas', surface],
                message: `"${surface}" is not a word of the sentence`,
              });
            }
          }
        }),
      ),
    );
  });

export type Story = z.infer<typeof storySchema>;
export type StorySentence = z.infer<typeof sentenceSchema>;
export type { LearningLanguage };
/** Words as a reader taps them (the reader's own pattern, from @lendo/shared). */
export { WORD_PATTERN };
