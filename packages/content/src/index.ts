export * from './schema.ts';
export * from './library.ts';
export * from './glossary.ts';
export * from './questions.ts';
