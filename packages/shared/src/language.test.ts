import { describe, expect, it } from 'vitest';
import {
  normalizeSentence,
  toLearningLanguage,
  toTranslationLanguage,
  translationLanguageFor,
  ttsQuery,
  wordContextQuery,
  wordsQuery,
} from './language.ts';

describe('translationLanguageFor', () => {
  it('gives pt-br for the Portuguese and English interfaces and es for the Spanish one', () => {
    expect(translationLanguageFor('pt', 'en')).toBe('pt-br');
    expect(translationLanguageFor('en', 'es')).toBe('pt-br');
    expect(translationLanguageFor('es', 'en')).toBe('es');
    expect(translationLanguageFor('es', 'pt')).toBe('es');
  });

  it('gives English when the translation language is the language of the word', () => {
    expect(translationLanguageFor('pt', 'pt')).toBe('en');
    expect(translationLanguageFor('en', 'pt')).toBe('en');
    expect(translationLanguageFor('es', 'es')).toBe('en');
  });

  it('maps pt-br to the dictionary language pt and back', () => {
    expect(toLearningLanguage('pt-br')).toBe('pt');
    expect(toLearningLanguage('es')).toBe('es');
    expect(toTranslationLanguage('pt')).toBe('pt-br');
    expect(toTranslationLanguage('en')).toBe('en');
  });
});

describe('normalizeSentence', () => {
  it('trims and collapses whitespace, and composes accents', () => {
    expect(normalizeSentence('  Eu   moro\n em\tCuritiba. ')).toBe('Eu moro em Curitiba.');
    expect(normalizeSentence('Olá'.normalize('NFD'))).toBe('Olá');
  });
});

describe('query schemas', () => {
  it('trims the word and rejects missing, empty, overlong words and unknown languages', () => {
    expect(wordsQuery.parse({ word: ' casa ', language: 'pt' })).toEqual({ word: 'casa', language: 'pt' });
    expect(wordsQuery.safeParse({ language: 'pt' }).error?.issues[0]?.message).toBe('error.required');
    expect(wordsQuery.safeParse({ word: '  ', language: 'pt' }).error?.issues[0]?.message).toBe(
      'error.required',
    );
    expect(wordsQuery.safeParse({ word: 'a'.repeat(65), language: 'pt' }).success).toBe(false);
    expect(wordsQuery.safeParse({ word: 'casa', language: 'fr' }).error?.issues[0]?.message).toBe(
      'error.invalid-value',
    );
  });

  it('bounds sentences at 1,000 characters and speech at 500, with their own codes', () => {
    const sentence = (n: number) => ({ word: 'a', sentence: 'a'.repeat(n), language: 'en' });
    expect(wordContextQuery.safeParse(sentence(1000)).success).toBe(true);
    expect(wordContextQuery.safeParse(sentence(1001)).error?.issues[0]?.message).toBe(
      'error.sentence-too-long',
    );
    expect(ttsQuery.safeParse({ text: 'a'.repeat(500), language: 'en' }).success).toBe(true);
    expect(ttsQuery.safeParse({ text: 'a'.repeat(501), language: 'en' }).error?.issues[0]?.message).toBe(
      'error.tts-text-too-long',
    );
  });

  it('accepts pt-br as a speech language and reads it as pt', () => {
    expect(ttsQuery.parse({ text: 'Olá', language: 'pt-br' }).language).toBe('pt');
    expect(ttsQuery.safeParse({ text: 'Olá', language: 'de' }).success).toBe(false);
  });
});
