import { afterAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@lendo/shared';
import { bearer, build, signup } from './helper.ts';
import { followRedirects, freePort, startOidcProvider, type ProviderAccount } from './oidc.ts';

const port = await freePort();
const web = `http://127.0.0.1:${port}`;
const client = {
  id: 'lendo-test',
  secret: 'lendo-test-secret',
  redirectUri: `${web}/api/auth/google/callback/`,
};
const provider = await startOidcProvider(client);
afterAll(() => provider.close());
const { app } = await build({
  APP_URL: web,
  GOOGLE_CLIENT_ID: client.id,
  GOOGLE_CLIENT_SECRET: client.secret,
  GOOGLE_ISSUER: provider.issuer,
});
await app.listen({ port, host: '127.0.0.1' });

let accounts = 0;
/** A Google account that the provider signs in as from now on. */
function googleAccount(overrides: Partial<ProviderAccount> = {}) {
  accounts += 1;
  const id = `google-${accounts}-${Date.now()}`;
  const account = { email: `${id}@gmail.test`, email_verified: true, name: 'Ana Lima', ...overrides };
  provider.signInAs(id, account);
  return { id, ...account };
}

/** The browser's trip from "Continue with Google" to the page of the web app it lands on. */
async function signInWithGoogle(rewrite?: (url: URL) => URL, headers?: Record<string, string>) {
  const start = await fetch(`${web}/api/auth/google/start/`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  return followRedirects(start, web, rewrite, headers);
}

/** The tokens /social-callback receives (base64 in the query string). */
function tokensFrom(landing: URL): TokenPair {
  expect(landing.pathname).toBe('/social-callback');
  const decode = (name: string) => Buffer.from(landing.searchParams.get(name)!, 'base64').toString();
  return { access: decode('token'), refresh: decode('refresh') };
}

const api = (method: string, url: string, tokens?: { access: string }, payload?: object) =>
  app.inject({ method: method as 'GET', url: `/api${url}`, headers: tokens ? bearer(tokens) : {}, payload });
const meOf = async (tokens: { access: string }) => (await api('GET', '/auth/me/', tokens)).json();
const connectionsOf = async (tokens: { access: string }) =>
  (await api('GET', '/auth/connections/', tokens)).json();

async function linkFromSettings(tokens: { access: string }) {
  const res = await api('POST', '/auth/google/link/', tokens);
  expect(res.statusCode).toBe(200);
  return followRedirects(await fetch(res.json().url, { redirect: 'manual' }), web);
}

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  it('says Google is available', async () => {
    expect((await api('GET', '/auth/providers/')).json()).toEqual({ google: true });
  });

  it('remembers the browser as its owner’s, as a password sign-in does (never slowed by throttling)', async () => {
    googleAccount();
    const cookies = new Map<string, string>();
    const start = await fetch(`${web}/api/auth/google/start/`, { redirect: 'manual' });
    const landing = await followRedirects(start, web, undefined, {}, cookies);
    expect(landing.pathname).toBe('/social-callback');
    expect(cookies.get('lendo_device')).toMatch(/^[\w-]+\.[\w-]+$/);
    // The same cookie a password sign-in to that account sets.
    const again = await fetch(`${web}/api/auth/google/start/`, { redirect: 'manual' });
    const second = new Map<string, string>();
    await followRedirects(again, web, undefined, {}, second);
    expect(second.get('lendo_device')).toBe(cookies.get('lendo_device'));
  });

  it('creates an account for a new Google user and signs them in', async () => {
    const google = googleAccount({ email: 'Nova.Pessoa@gmail.test', name: 'Nova Pessoa' });
    const landing = await signInWithGoogle();
    const tokens = tokensFrom(landing);
    expect(await meOf(tokens)).toMatchObject({
      email: 'nova.pessoa@gmail.test',
      username: 'nova_pessoa',
      name: 'Nova Pessoa',
      email_verified: true,
      has_password: false,
      onboarding_completed: false,
    });
    expect(await connectionsOf(tokens)).toEqual([
      { provider: 'google', email: 'nova.pessoa@gmail.test', created_at: expect.any(String) },
    ]);
    const refreshed = await api('POST', '/auth/token/refresh/', undefined, { refresh: tokens.refresh });
    expect(refreshed.statusCode).toBe(200);

    // The next time, the same account.
    provider.signInAs(google.id, google);
    const again = tokensFrom(await signInWithGoogle());
    expect((await meOf(again)).id).toBe((await meOf(tokens)).id);
  });

  it('gives a new account the country the sign-in comes from', async () => {
    googleAccount({ email: 'de.lisboa@gmail.test' });
    const tokens = tokensFrom(await signInWithGoogle(undefined, { 'cf-ipcountry': 'PT' }));
    expect(await meOf(tokens)).toMatchObject({ email: 'de.lisboa@gmail.test', country: 'PT' });
  });

  it('gives a new account a free username when the derived one is taken', async () => {
    await signup(app, { username: 'taken_name' });
    googleAccount({ email: 'taken_name@gmail.test' });
    const me = await meOf(tokensFrom(await signInWithGoogle()));
    expect(me.username).toMatch(/^taken_name\d{4,5}$/);
  });

  it('links to the account with the same email when Google has verified it', async () => {
    const { body, tokens } = await signup(app);
    googleAccount({ email: body.email });
    const viaGoogle = tokensFrom(await signInWithGoogle());
    const me = await meOf(viaGoogle);
    expect(me).toMatchObject({ id: (await meOf(tokens)).id, has_password: true, email_verified: true });
    expect(await connectionsOf(tokens)).toMatchObject([{ provider: 'google', email: body.email }]);
  });

  it('does not link an account to a Google email that is not verified', async () => {
    const { body, tokens } = await signup(app);
    googleAccount({ email: body.email, email_verified: false });
    const landing = await signInWithGoogle();
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('profile.google-failed');
    expect(await connectionsOf(tokens)).toEqual([]);
    expect((await meOf(tokens)).email_verified).toBe(false);
  });

  it('makes no account for a Google email that is not verified', async () => {
    googleAccount({ email: 'unverified@gmail.test', email_verified: false });
    const landing = await signInWithGoogle();
    expect(landing.href).toBe(`${web}/login?error=profile.google-failed`);
    // The address is still free.
    await expect(signup(app, { email: 'unverified@gmail.test' })).resolves.toBeDefined();
  });

  it('refuses a callback whose state was tampered with, or that is replayed', async () => {
    googleAccount();
    let callback: URL | undefined;
    const tampered = await signInWithGoogle((url) => {
      if (!url.pathname.endsWith('/google/callback/')) return url;
      callback = new URL(url);
      url.searchParams.set('state', 'forged-state');
      return url;
    });
    expect(tampered.href).toBe(`${web}/login?error=profile.google-failed`);

    // The genuine callback still works once; replayed, its state is gone.
    const landing = async () => (await fetch(callback!, { redirect: 'manual' })).headers.get('location');
    expect(new URL((await landing())!).pathname).toBe('/social-callback');
    expect(await landing()).toBe(`${web}/login?error=profile.google-failed`);
  });

  it('answers a callback without any parameters with a redirect, not an error page', async () => {
    const res = await fetch(`${web}/api/auth/google/callback/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${web}/login?error=profile.google-failed`);
  });

  it('restores a deactivated account that signs in with Google', async () => {
    const { body, tokens } = await signup(app);
    googleAccount({ email: body.email });
    await signInWithGoogle();
    expect((await api('POST', '/auth/deactivate/', tokens)).statusCode).toBe(200);
    expect((await api('GET', '/auth/me/', tokens)).statusCode).toBe(401);
    const restored = tokensFrom(await signInWithGoogle());
    expect((await meOf(restored)).email).toBe(body.email);
  });
});

describe('Connections from settings', () => {
  it('links a Google account to the signed-in user, who can then sign in with it', async () => {
    const { tokens } = await signup(app);
    const google = googleAccount({ email: 'another.address@gmail.test' });
    const landing = await linkFromSettings(tokens);
    expect(landing.href).toBe(`${web}/settings/profile?connected=google`);
    expect(await connectionsOf(tokens)).toMatchObject([{ provider: 'google', email: google.email }]);
    const viaGoogle = tokensFrom(await signInWithGoogle());
    expect((await meOf(viaGoogle)).id).toBe((await meOf(tokens)).id);
  });

  it("refuses to link a Google account that is another user's", async () => {
    const owner = await signup(app);
    googleAccount();
    await linkFromSettings(owner.tokens);
    const other = await signup(app);
    const landing = await linkFromSettings(other.tokens);
    expect(landing.href).toBe(`${web}/settings/profile?error=profile.google-in-use`);
    expect(await connectionsOf(other.tokens)).toEqual([]);
    expect(await connectionsOf(owner.tokens)).toHaveLength(1);
  });

  it('unlinks, but never the last way to sign in', async () => {
    googleAccount();
    const tokens = tokensFrom(await signInWithGoogle());
    const refused = await api('DELETE', '/auth/connections/google/', tokens);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This is your only way to sign in. Set a password before removing it.',
      code: 'profile.last-sign-in-method',
    });
    expect(await connectionsOf(tokens)).toHaveLength(1);

    // With a password set (no old one needed: there was none), Google can go.
    const set = await api('POST', '/auth/update-password/', tokens, { password: 'First-pass1!' });
    expect(set.statusCode).toBe(200);
    const fresh = set.json();
    expect((await meOf(fresh)).has_password).toBe(true);
    const unlinked = await api('DELETE', '/auth/connections/google/', fresh);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual([]);
    expect((await api('DELETE', '/auth/connections/google/', fresh)).statusCode).toBe(404);
  });

  it("shows and touches only the caller's own connections", async () => {
    const a = await signup(app);
    googleAccount();
    await linkFromSettings(a.tokens);
    const b = await signup(app);
    expect(await connectionsOf(b.tokens)).toEqual([]);
    expect((await api('DELETE', '/auth/connections/google/', b.tokens)).statusCode).toBe(404);
    expect(await connectionsOf(a.tokens)).toHaveLength(1);
  });

  it('validates the provider and needs a signed-in user', async () => {
    const { tokens } = await signup(app);
    const unknown = await api('DELETE', '/auth/connections/facebook/', tokens);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('error.not-found');
    expect((await api('GET', '/auth/connections/')).statusCode).toBe(401);
    expect((await api('POST', '/auth/google/link/')).statusCode).toBe(401);
  });
});

describe('Google sign-in when the provider cannot be reached', () => {
  it('sends the browser back to the login page, and linking answers 503', async () => {
    const unreachable = await build({
      APP_URL: 'https://lendo.test',
      GOOGLE_CLIENT_ID: client.id,
      GOOGLE_CLIENT_SECRET: client.secret,
      GOOGLE_ISSUER: `http://127.0.0.1:${await freePort()}`,
    });
    const start = await unreachable.app.inject({ url: '/api/auth/google/start/' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('https://lendo.test/login?error=profile.google-failed');
    const { tokens } = await signup(unreachable.app);
    const link = await unreachable.app.inject({
      method: 'POST',
      url: '/api/auth/google/link/',
      headers: bearer(tokens),
    });
    expect(link.statusCode).toBe(503);
    expect(link.json()).toEqual({
      message: 'Signing in with Google failed, try again.',
      code: 'profile.google-failed',
    });
  });
});
