import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** The path, e.g. /api/deck/decks/. */
  path: string;
  params: URLSearchParams;
  body: unknown;
}

export type FakeReply = { status?: number; body?: unknown };

/**
 * Stubs fetch with `answer`, which replies to each request the component makes (or returns
 * undefined for one it does not expect, which then fails loudly). Returns the requests made.
 */
export function fakeApi(answer: (request: FakeRequest) => FakeReply | undefined) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://lendo.test');
      const request: FakeRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      requests.push(request);
      const reply = answer(request);
      if (!reply) throw new Error(`unexpected ${request.method} ${input}`);
      return Response.json(reply.body ?? {}, { status: reply.status ?? 200 });
    }),
  );
  return {
    requests,
    /** The bodies sent with `method` to `path`. */
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).map((r) => r.body),
  };
}
