import { expect, test, type Request } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, expiredAccessToken, newAccount, storage, storeTokens } from '../support/api.ts';

test.describe('a newcomer', () => {
  test('signs up, onboards and lands in the app shell', async ({ page }) => {
    const account = newAccount();
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Create an account' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('weak');
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Repeat password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('progressbar')).toBeVisible();
    await page.getByRole('radio', { name: /Spanish/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Intermediate/ }).check();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('radio', { name: /Spanish/ })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Intermediate/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Travel/ }).check();
    await page.getByRole('button', { name: 'Start learning' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me/', {
        headers: { authorization: `Bearer ${localStorage.getItem('access')}` },
      });
      return res.json();
    });
    expect(me).toMatchObject({
      username: account.username,
      onboarding_completed: true,
      learning_language: 'es',
      proficiency: 'intermediate',
      motivation: 'travel',
      locale: 'en',
      timezone: 'America/Sao_Paulo',
    });
  });

  test('shows the API errors on the sign-up form', async ({ page, request }) => {
    const { account } = await createAccount(request);
    await page.goto('/signup');
    await page.getByLabel('Username').fill(newAccount().username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Repeat password').fill('Different123!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByLabel('Repeat password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('An account with this email already exists.')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('guards', () => {
  test('send a visitor without a token to /login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  });

  test('keep a user who has not onboarded on /onboarding', async ({ page, request }) => {
    const { tokens } = await createAccount(request);
    await storeTokens(page, tokens);
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});

test('a first visit gets the scripts, styles and texts compressed, as the build wrote them', async ({
  page,
}) => {
  // The handler only keeps the requests: anything it awaited could still be pending when the page
  // closes, and would fail outside the test.
  const finished: Request[] = [];
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(?:js|css|json)$/.test(pathname) && !pathname.startsWith('/api/')) finished.push(request);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect.poll(() => finished.some((r) => r.url().endsWith('.css'))).toBe(true);
  await expect.poll(() => finished.some((r) => r.url().includes('/locales/'))).toBe(true);
  const texts = await Promise.all(
    finished.map(async (request) => {
      const response = (await request.response())!;
      const [sizes, body, encoding] = await Promise.all([
        request.sizes(),
        response.body(),
        response.headerValue('content-encoding'),
      ]);
      return {
        url: new URL(request.url()).pathname,
        encoding,
        sent: sizes.responseBodySize,
        size: body.length,
      };
    }),
  );
  // Files under 1 KB go as they are (they fit in one packet either way); every other one as brotli.
  const large = texts.filter((t) => t.size >= 1024);
  expect(large.length).toBeGreaterThan(3);
  for (const text of large) {
    expect(text.encoding, text.url).toBe('br');
    expect(text.sent, text.url).toBeLessThan(text.size / 2);
  }
});

test.describe('sign-in', () => {
  test('with remember me keeps the tokens in local storage', async ({ page, request }) => {
    const { account } = await createAccount(request, { onboarded: true });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    const stored = await storage(page);
    expect(stored.local.access).toBeTruthy();
    expect(stored.local.refresh).toBeTruthy();
    expect(stored.session).toEqual({ access: null, refresh: null });
  });

  test('without remember me keeps them in session storage only', async ({ page, request }) => {
    const { account } = await createAccount(request, { onboarded: true });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    const stored = await storage(page);
    expect(stored.session.access).toBeTruthy();
    expect(stored.session.refresh).toBeTruthy();
    expect(stored.local).toEqual({ access: null, refresh: null });
  });

  test('says why when Google sign-in came back with an error', async ({ page }) => {
    await page.goto('/login?error=profile.google-failed');
    await expect(page.getByRole('alert')).toHaveText('Signing in with Google failed, try again.');
    await page.goto('/login?error=<b>made-up</b>');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('with a wrong password says so and stays put', async ({ page, request }) => {
    const { account } = await createAccount(request, { onboarded: true });
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Invalid email or password/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('refreshes an expired access token transparently', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await storeTokens(page, { access: await expiredAccessToken(tokens.access), refresh: tokens.refresh });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
    const stored = await storage(page);
    expect(stored.local.refresh).not.toBe(tokens.refresh);
    const res = await request.get('/api/auth/me/', {
      headers: { authorization: `Bearer ${stored.local.access}` },
    });
    expect(res.status()).toBe(200);
  });

  test('sends the user to /login when the refresh token is no good', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await storeTokens(page, { access: await expiredAccessToken(tokens.access), refresh: 'revoked' });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page)).toEqual({
      local: { access: null, refresh: null },
      session: { access: null, refresh: null },
    });
  });

  test('signs out from the profile menu, clearing storage', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await storeTokens(page, tokens);
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await storage(page)).local).toEqual({ access: null, refresh: null });
    const refresh = await request.post('/api/auth/token/refresh/', { data: { refresh: tokens.refresh } });
    expect(refresh.status()).toBe(401);
  });
});

test('forgot password → mail → new password → sign in', async ({ page, request }) => {
  const { account } = await createAccount(request, { onboarded: true });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The embedded mailbox, as a person without a mail server would use it.
  await page.goto('/dev/mail');
  const mail = page.locator('article', { hasText: account.email }).first();
  const link = await mail.getByRole('link').getAttribute('href');
  expect(link).toMatch(/\/confirm-password\?token=/);

  await page.goto(link!);
  await page.getByLabel('New password').fill('Changed123!');
  await page.getByLabel('Repeat password').fill('Changed123!');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Changed123!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The link worked once; a second use is refused with the spec's text.
  await page.goto(link!);
  await page.getByLabel('New password').fill('Another123!');
  await page.getByLabel('Repeat password').fill('Another123!');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Invalid or expired reset link/);
});

test.describe('accessibility', () => {
  for (const path of ['/login', '/signup', '/forgot-password', '/confirm-password?token=nope']) {
    test(`${path} has no serious axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('onboarding and home have no serious axe violations', async ({ page, request }) => {
    const { tokens } = await createAccount(request);
    await storeTokens(page, tokens);
    await page.goto('/onboarding');
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expectAccessible(page);
    await request.post('/api/auth/onboarding/', {
      data: { language: 'pt', proficiency: 'beginner', motivation: 'career' },
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
    await expectAccessible(page);
  });
});
