import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { E2E_JWT_SECRET } from './env.ts';
import { wordless } from '../../apps/api/test/wordless.ts';

let counter = 0;
/** A fresh, valid account for one test. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = `e2e_${wordless(Date.now() % 13 ** 8)}${wordless(process.pid % 13 ** 4)}${wordless(counter)}`;
  return { username: username.slice(0, 20), email: `e2e.${id}@example.com`, password: 'Reading123!' };
}

export type Account = ReturnType<typeof newAccount>;

interface AccountOptions {
  onboarded?: boolean;
  /** The interface language of the account (en unless given). */
  locale?: 'pt' | 'en' | 'es';
  /** The language learned, answered in onboarding (en unless given). */
  language?: 'pt' | 'en' | 'es';
}

/** Creates an account through the API, optionally with onboarding done; returns its tokens. */
export async function createAccount(request: APIRequestContext, options: AccountOptions = {}) {
  const account = newAccount();
  const res = await request.post('/api/auth/signup/', {
    data: { ...account, locale: options.locale ?? 'en' },
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  const tokens = (await res.json()) as { access: string; refresh: string };
  if (options.onboarded) {
    const done = await request.post('/api/auth/onboarding/', {
      data: { language: options.language ?? 'en', proficiency: 'intermediate', motivation: 'travel' },
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    if (!done.ok()) throw new Error(`onboarding failed: ${done.status()}`);
  }
  return { account, tokens };
}

/** Puts tokens where a remembered sign-in keeps them, as the app would. */
export async function storeTokens(page: Page, tokens: { access: string; refresh: string }) {
  await page.goto('/login');
  await page.evaluate((t) => {
    localStorage.setItem('access', t.access);
    localStorage.setItem('refresh', t.refresh);
  }, tokens);
}

/** An access token for `access`'s user that expired a minute ago, signed with the server's key. */
export async function expiredAccessToken(access: string) {
  const payload = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access', sid: payload.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(payload.sub)
    .setIssuedAt(now - 16 * 60)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

export const storage = (page: Page) =>
  page.evaluate(() => ({
    local: { access: localStorage.getItem('access'), refresh: localStorage.getItem('refresh') },
    session: { access: sessionStorage.getItem('access'), refresh: sessionStorage.getItem('refresh') },
  }));

/**
 * Signs a new learner of English up (interface in `locale`), keeps the session in the page and
 * opens the first chapter of The Frog Prince, a free elementary story.
 */
export async function openFrogPrince(page: Page, request: APIRequestContext, locale: 'pt' | 'en' | 'es') {
  const { tokens } = await createAccount(request, { onboarded: true, locale });
  await storeTokens(page, tokens);
  const headers = { authorization: `Bearer ${tokens.access}` };
  const list = await request.get('/api/stories/', { params: { search: 'frog', language: 'en' }, headers });
  const { results } = (await list.json()) as { results: { id: string }[] };
  const detail = await request.get(`/api/stories/${results[0]!.id}/`, { headers });
  const { chapters } = (await detail.json()) as { chapters: { id: string }[] };
  await page.goto(`/chapter/${chapters[0]!.id}`);
  return { tokens, chapterId: chapters[0]!.id };
}
