import { expect, test, type Request } from '@playwright/test';
import { createAccount } from '../support/api.ts';

test('the page is served with a strict content security policy, and nothing it loads breaks it', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/login');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  const asset = await page.request.get(script!);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(violations).toEqual([]);
});

test('a signed-out visitor who opens a page signs in and lands on it', async ({ page, request }) => {
  const { account } = await createAccount(request, { onboarded: true });
  await page.goto('/decks?language=en');
  await expect(page).toHaveURL(/\/login\?next=%2Fdecks%3Flanguage%3Den$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/decks\?language=en$/);
});

test('a new account is mailed a link that verifies its email', async ({ page, request }) => {
  const { account, tokens } = await createAccount(request, { onboarded: true });
  await page.goto('/dev/mail');
  const mail = page.locator('article', { has: page.locator('.meta', { hasText: `To ${account.email}` }) });
  await expect(mail.first()).toContainText('Confirm your Lendo email');
  const link = await mail.first().getByRole('link').first().getAttribute('href');
  expect(link).toMatch(/\/confirm-email\?token=/);
  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(/Your email is confirmed/);
  const me = await request.get('/api/auth/me/', { headers: { authorization: `Bearer ${tokens.access}` } });
  expect((await me.json()).email_verified).toBe(true);
});

test('page views reach Lendo’s own analytics, as the learner’s once signed in, without the query string', async ({
  page,
  request,
}) => {
  const { account } = await createAccount(request, { onboarded: true });
  // The handler keeps what was sent; the answers are awaited in the test, never left pending in it.
  const batches: { paths: string[]; signedIn: boolean; sent: Request }[] = [];
  page.on('request', (sent) => {
    if (!sent.url().endsWith('/api/analytics/events/')) return;
    const { events } = sent.postDataJSON() as { events: { name: string; path?: string }[] };
    batches.push({
      paths: events.filter((e) => e.name === 'page_view').map((e) => e.path!),
      signedIn: sent.headers().authorization !== undefined,
      sent,
    });
  });
  await page.goto('/login?next=%2Fdecks');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/decks$/);
  await expect
    .poll(() => batches.flatMap((b) => b.paths))
    .toEqual(expect.arrayContaining(['/login', '/decks']));
  const statuses = await Promise.all(batches.map(async (b) => (await b.sent.response())?.status()));
  expect(statuses).toEqual(batches.map(() => 204));
  expect(batches.find((b) => b.paths.includes('/decks'))!.signedIn).toBe(true);
});
