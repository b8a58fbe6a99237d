export * from './schema.ts';
export * from './library.ts';
