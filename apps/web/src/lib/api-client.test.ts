import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, serverNow, setSessionExpiredHandler } from './api-client';

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch; each call is recorded with its URL, bearer token and JSON body. */
function mockFetch(handler: Handler) {
  const calls: { url: string; token: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
    calls.push({
      url,
      token: auth ? auth.replace('Bearer ', '') : null,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const isRefresh = (url: string) => url === '/api/auth/token/refresh/';

describe('api client', () => {
  const sessionExpired = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    sessionExpired.mockReset();
    setSessionExpiredHandler(sessionExpired);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the token from session storage first, and none for noAuth calls', async () => {
    localStorage.setItem('access', 'local-access');
    sessionStorage.setItem('access', 'session-access');
    const calls = mockFetch(() => json(200, { ok: true }));

    await api.get('/auth/me/', { params: { page: 2, query: undefined } });
    await api.post('/auth/signin/', { email: 'a@b.co' }, { noAuth: true });

    expect(calls[0]).toMatchObject({ url: '/api/auth/me/?page=2', token: 'session-access' });
    expect(calls[1]).toMatchObject({ url: '/api/auth/signin/', token: null, body: { email: 'a@b.co' } });
  });

  it('turns an error answer into an ApiError with message, code, fields and status', async () => {
    mockFetch(() =>
      json(409, { message: 'Taken.', code: 'error.email-in-use', fields: { email: 'error.email-in-use' } }),
    );

    const error = await api.post('/auth/signup/', {}, { noAuth: true }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Taken.',
      code: 'error.email-in-use',
      fields: { email: 'error.email-in-use' },
      status: 409,
    });
  });

  it('does not refresh when a noAuth call answers 401', async () => {
    const calls = mockFetch(() =>
      json(401, { message: 'Invalid email or password.', code: 'error.invalid-credentials' }),
    );

    await expect(api.post('/auth/signin/', {}, { noAuth: true })).rejects.toMatchObject({
      code: 'error.invalid-credentials',
    });
    expect(calls).toHaveLength(1);
  });

  it('refreshes on 401, stores the new tokens where the old ones were and retries', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    const calls = mockFetch((url, init) => {
      if (isRefresh(url)) return json(200, { access: 'new-access', refresh: 'new-refresh' });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access'
        ? json(200, { id: 'me' })
        : json(401, { code: 'error.unauthorized' });
    });

    await expect(api.get('/auth/me/')).resolves.toEqual({ id: 'me' });

    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/me/',
      '/api/auth/token/refresh/',
      '/api/auth/me/',
    ]);
    expect(calls[1]).toMatchObject({ token: null, body: { refresh: 'old-refresh' } });
    expect(localStorage.getItem('access')).toBe('new-access');
    expect(localStorage.getItem('refresh')).toBe('new-refresh');
    expect(sessionStorage.getItem('access')).toBeNull();
  });

  it('keeps session-storage tokens in session storage after a refresh', async () => {
    sessionStorage.setItem('access', 'old-access');
    sessionStorage.setItem('refresh', 'old-refresh');
    mockFetch((url, init) => {
      if (isRefresh(url)) return json(200, { access: 'new-access', refresh: 'new-refresh' });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, {}) : json(401, {});
    });

    await api.get('/auth/me/');

    expect(sessionStorage.getItem('access')).toBe('new-access');
    expect(sessionStorage.getItem('refresh')).toBe('new-refresh');
    expect(localStorage.getItem('access')).toBeNull();
  });

  it('shares one refresh between calls that meet a 401 at the same time', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'old-refresh');
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const calls = mockFetch(async (url, init) => {
      if (isRefresh(url)) {
        await refreshGate;
        return json(200, { access: 'new-access', refresh: 'new-refresh' });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer new-access' ? json(200, { url }) : json(401, {});
    });

    const both = Promise.all([api.get('/a/'), api.get('/b/')]);
    await vi.waitFor(() => expect(calls.filter((call) => isRefresh(call.url))).toHaveLength(1));
    releaseRefresh();

    await expect(both).resolves.toEqual([{ url: '/api/a/' }, { url: '/api/b/' }]);
    expect(calls.filter((call) => isRefresh(call.url))).toHaveLength(1);
  });

  it('gives up with "Max retries reached" after 3 attempts in total', async () => {
    localStorage.setItem('access', 'access-0');
    localStorage.setItem('refresh', 'refresh-0');
    let issued = 0;
    const calls = mockFetch((url) => {
      if (!isRefresh(url)) return json(401, { code: 'error.unauthorized' });
      issued += 1;
      return json(200, { access: `access-${issued}`, refresh: `refresh-${issued}` });
    });

    await expect(api.get('/auth/me/')).rejects.toThrow('Max retries reached');

    expect(calls.filter((call) => !isRefresh(call.url))).toHaveLength(3);
    expect(calls.filter((call) => isRefresh(call.url))).toHaveLength(2);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    localStorage.setItem('access', 'old-access');
    localStorage.setItem('refresh', 'spent-refresh');
    localStorage.setItem('country', 'BR');
    sessionStorage.setItem('unrelated', 'kept');
    mockFetch((url) =>
      isRefresh(url)
        ? json(401, { message: 'Invalid refresh token', code: 'error.invalid-refresh-token' })
        : json(401, { code: 'error.unauthorized' }),
    );

    await expect(api.get('/auth/me/')).rejects.toThrow('Invalid refresh token');

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem('access')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 without any refresh token as an ended session', async () => {
    sessionStorage.setItem('access', 'orphan-access');
    const calls = mockFetch(() => json(401, {}));

    await expect(api.get('/auth/me/')).rejects.toThrow('Invalid refresh token');

    expect(calls).toHaveLength(1);
    expect(sessionStorage.getItem('access')).toBeNull();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it("keeps the server's time from the Date header, so a device clock set wrong does not matter", async () => {
    const server = Date.now() + 3 * 3600_000;
    mockFetch(() => new Response('{}', { status: 200, headers: { Date: new Date(server).toUTCString() } }));
    await api.get('/deck/decks/');
    expect(Math.abs(serverNow().getTime() - server)).toBeLessThan(1500);
  });
});
