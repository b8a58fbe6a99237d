export * from './constants.ts';
export * from './errors.ts';
export * from './validation.ts';
export * from './auth.ts';
export * from './dictionary.ts';
export * from './language.ts';
export * from './stories.ts';
