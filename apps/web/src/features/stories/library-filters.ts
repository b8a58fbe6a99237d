import { CATEGORIES, GENRES, LEVELS, type Category, type Genre, type Level } from '@lendo/shared';

/** What the home page is filtered by; it lives in the URL's query string, named as the API names it. */
export interface LibraryFilters {
  search: string;
  genre?: Genre;
  difficulty?: Level;
  category?: Category;
}

/** The longest search the API takes. */
export const SEARCH_MAX_LENGTH = 100;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((item) => item === value);

/** Every filter off: the whole library. */
export const NO_FILTERS: LibraryFilters = {
  search: '',
  genre: undefined,
  difficulty: undefined,
  category: undefined,
};

/** Reads the filters from a query string; unknown values are ignored rather than sent. */
export function parseFilters(params: URLSearchParams): LibraryFilters {
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    genre: oneOf(GENRES, params.get('genre')),
    difficulty: oneOf(LEVELS, params.get('difficulty')),
    category: oneOf(CATEGORIES, params.get('category')),
  };
}

/** Whether anything narrows the library: then the home page shows results instead of its sections. */
export function isFiltering(filters: LibraryFilters): boolean {
  return Boolean(filters.search || filters.genre || filters.difficulty || filters.category);
}

/** `params` with the given filters changed (an empty value removes its parameter). */
export function withFilters(params: URLSearchParams, changes: Partial<LibraryFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
