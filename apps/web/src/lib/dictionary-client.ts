import { buildUrl, readResponse, type QueryParams } from './api-client';

/** Where the dictionary service answers: behind the same server in the embedded mode (DESIGN §2). */
export const DICTIONARY_BASE_URL = '/dict';

/**
 * GET from the dictionary service. It is never authenticated (SPEC §1), so no token and no refresh;
 * errors are shaped like the API's (ApiError with a translation key).
 */
export async function dictionaryGet<T>(
  path: string,
  options: { params?: QueryParams; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(buildUrl(DICTIONARY_BASE_URL, path, options.params), {
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  return readResponse<T>(response, path);
}
