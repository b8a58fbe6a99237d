import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient as appQueryClient } from './query-client';
import { wordContextQueryOptions } from './word-context';
import { wordUseCasesQueryOptions } from './word-use-cases';

/** A client with the app's defaults, minus the waiting between retries. */
const newClient = () =>
  new QueryClient({
    defaultOptions: { queries: { ...appQueryClient.getDefaultOptions().queries, retryDelay: 0 } },
  });

const unavailable = () =>
  Response.json({ message: 'Try later.', code: 'error.dictionary-unavailable' }, { status: 503 });

describe('language helper queries (SPEC §9)', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('caches /words forever and never retries it', async () => {
    const options = wordUseCasesQueryOptions({ word: 'went', language: 'en' }, 'pt');
    expect(options).toMatchObject({ staleTime: Infinity, gcTime: Infinity, retry: false });

    const client = newClient();
    fetchMock.mockImplementation(async () => unavailable());
    await expect(client.fetchQuery(options)).rejects.toMatchObject({ code: 'error.dictionary-unavailable' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => Response.json({ word: 'went', use_cases: [] }));
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/words?word=went&language=en');
  });

  it('keys /words by the interface language, which decides the translations', () => {
    const query = { word: 'went', language: 'en' } as const;
    expect(wordUseCasesQueryOptions(query, 'pt').queryKey).not.toEqual(
      wordUseCasesQueryOptions(query, 'es').queryKey,
    );
  });

  it('retries word-context twice on a failure, but never a refusal such as a used-up allowance', async () => {
    const options = wordContextQueryOptions(
      { word: 'went', sentence: 'She went home.', language: 'en', index: 1 },
      'en',
    );

    fetchMock.mockImplementation(async () => unavailable());
    await expect(newClient().fetchQuery(options)).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/ai/word-context/?word=went&sentence=She+went+home.&language=en&index=1',
    );

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Used up.', code: 'limits.translations' }, { status: 403 }),
    );
    await expect(newClient().fetchQuery(options)).rejects.toMatchObject({ status: 403 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
