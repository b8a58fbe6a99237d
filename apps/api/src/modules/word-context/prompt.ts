import { z } from 'zod';
import type { LearningLanguage, TranslationLanguage } from '@lendo/shared';
import type { ChatMessage } from '../../lib/llm.ts';

const LANGUAGE_NAMES: Record<LearningLanguage | TranslationLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  'pt-br': 'Brazilian Portuguese',
};

/** What the model must answer; anything else counts as a failure and falls back to the dictionary. */
export const modelAnswer = z.object({
  word_translation: z.string().trim().min(1).max(200),
  definition: z.string().trim().min(1).max(1000),
  translation: z.string().trim().min(1).max(3000),
});
export type ModelAnswer = z.infer<typeof modelAnswer>;

/** The question for GET /ai/word-context/: the meaning of this word in this sentence. */
export function wordContextMessages(input: {
  word: string;
  sentence: string;
  language: LearningLanguage;
  target: TranslationLanguage;
}): ChatMessage[] {
  const source = LANGUAGE_NAMES[input.language];
  const target = LANGUAGE_NAMES[input.target];
  return [
    {
      role: 'system',
      content:
        `You help a language learner who is reading a text in ${source}. The learner tapped a word ` +
        `in a sentence. Explain the meaning of this word in this sentence, for a learner whose ` +
        `language is ${target}. Write every value in ${target}. Answer with a JSON object with ` +
        `exactly these keys: "word_translation": the word translated into ${target} as it is used in ` +
        `this sentence (a few words at most); "definition": one or two short sentences on what the word ` +
        `means here; "translation": the whole sentence translated naturally into ${target}. ` +
        `No other keys, no Markdown.`,
    },
    { role: 'user', content: JSON.stringify({ word: input.word, sentence: input.sentence }) },
  ];
}
