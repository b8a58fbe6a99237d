import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { dictionaryGet } from './dictionary-client';

describe('dictionary client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('calls the dictionary base URL without a token, even when signed in', async () => {
    localStorage.setItem('access', 'secret-access');
    const fetchMock = vi.fn(async () => Response.json({ word: 'went', lemmas: ['go'] }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(dictionaryGet('/v1/en/words/went', { params: { limit: 2 } })).resolves.toEqual({
      word: 'went',
      lemmas: ['go'],
    });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/dict/v1/en/words/went?limit=2');
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('shapes error answers into an ApiError, like the API client', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { message: 'The dictionary is not available.', code: 'error.dictionary-unavailable' },
          { status: 503 },
        ),
      ),
    );

    const error = await dictionaryGet('/v1/en/words/went').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'error.dictionary-unavailable' });
  });
});
