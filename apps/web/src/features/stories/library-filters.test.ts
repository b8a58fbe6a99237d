import { describe, expect, it } from 'vitest';
import { isFiltering, NO_FILTERS, parseFilters, withFilters } from './library-filters';

describe('library filters in the query string', () => {
  it('reads known values and ignores the rest', () => {
    const filters = parseFilters(
      new URLSearchParams('search=+frog+&genre=fantasy&difficulty=expert&category=fairy+tales&x=1'),
    );
    expect(filters).toEqual({
      search: 'frog',
      genre: 'fantasy',
      difficulty: undefined,
      category: 'fairy tales',
    });
  });

  it('knows when the library is narrowed', () => {
    expect(isFiltering(parseFilters(new URLSearchParams('')))).toBe(false);
    expect(isFiltering(parseFilters(new URLSearchParams('search=%20')))).toBe(false);
    expect(isFiltering(parseFilters(new URLSearchParams('difficulty=advanced')))).toBe(true);
  });

  it('sets and removes filters, keeping other parameters', () => {
    const params = new URLSearchParams('search=frog&lng=es');
    expect(withFilters(params, { search: '', genre: 'humor' }).toString()).toBe('lng=es&genre=humor');
    expect(params.toString()).toBe('search=frog&lng=es');
    expect(
      withFilters(new URLSearchParams('genre=humor&difficulty=advanced&lng=es'), NO_FILTERS).toString(),
    ).toBe('lng=es');
  });
});
