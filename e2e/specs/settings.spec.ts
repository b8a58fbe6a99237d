import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, newAccount, storeTokens } from '../support/api.ts';
import { text } from '../support/i18n.ts';

/** Signs a fresh, onboarded account in and opens /settings. */
async function openSettings(page: Page, request: Parameters<typeof createAccount>[0]) {
  const { account, tokens } = await createAccount(request, { onboarded: true });
  await storeTokens(page, tokens);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  return { account, tokens };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A 640×480 PNG drawn by the browser: an orange-to-indigo gradient with a white disc. */
async function pngFixture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#f97316');
    gradient.addColorStop(1, '#4338ca');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(320, 240, 120, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test.describe('settings pages', () => {
  test('open on the profile, move between pages, and pass an axe scan', async ({ page, request }) => {
    await openSettings(page, request);
    const nav = page.getByRole('navigation', { name: 'Settings pages' });
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    // Google sign-in is not configured here, and nothing is linked: no connections to show.
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connected accounts' })).toHaveCount(0);
    await expectAccessible(page);

    await nav.getByRole('link', { name: 'Subscription' }).click();
    await expect(page).toHaveURL(/\/settings\/subscriptions$/);
    await expect(page.getByText('Basic (free)')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Usage in / })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Flashcards created' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 100',
    );
    await expect(page.getByRole('link', { name: 'More plans' })).toHaveAttribute('href', '/plans');
    await expectAccessible(page);

    await nav.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole('heading', { name: 'Billing information' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the offer modal is closed and the page usable when a settings page comes up', async ({
    page,
    request,
    isMobile,
  }) => {
    await openSettings(page, request);
    const nav = isMobile
      ? page.getByRole('navigation', { name: 'Quick access' })
      : page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole('button', { name: 'Graded reader' }).click();
    const offer = page.getByRole('dialog', { name: 'Unlock the graded reader with Pro' });
    await expect(offer).toBeVisible();

    // The browser's back button, pressed while the offer is open, leads back to settings.
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await expect(offer).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).pointerEvents)).not.toBe('none');
    await page.getByRole('button', { name: 'Change username' }).click();
    await expect(page.getByRole('dialog', { name: 'Change username' })).toBeVisible();
  });
});

test('the profile image is cropped and saved as a 204×204 JPEG, and the header shows it', async ({
  page,
  request,
}) => {
  await openSettings(page, request);
  const headerAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(headerAvatar).toHaveCount(0);

  await page.getByRole('button', { name: 'Change image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update profile image' });
  await dialog.getByLabel('Choose an image').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(dialog.getByRole('alert')).toHaveText('The image must have a maximum of 10MB.');

  await dialog.getByLabel('Choose an image').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await pngFixture(page),
  });
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  const zoom = dialog.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '3');
  await zoom.fill('1.5');
  // The crop area moves with the arrow keys as well as by dragging.
  await dialog.getByRole('group', { name: 'Image crop' }).press('ArrowLeft');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile image updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(headerAvatar).toHaveAttribute('src', /\/avatars\/.+\.jpg$/);
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(204);
  expect(await headerAvatar.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(204);
  const file = await request.get((await headerAvatar.getAttribute('src'))!);
  expect(file.headers()['content-type']).toBe('image/jpeg');

  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(page.getByText('Profile image removed.')).toBeVisible();
  await expect(headerAvatar).toHaveCount(0);
});

test('a taken username is declined, a free one accepted and saved', async ({ page, request }) => {
  const { account: other } = await createAccount(request);
  await openSettings(page, request);
  await page.getByRole('button', { name: 'Change username' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change username' });
  const field = dialog.getByLabel('New username');
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await field.fill('a');
  await expect(dialog.getByText('Username must have at least 3 characters.')).toBeVisible();
  await field.fill(other.username.toUpperCase());
  await expect(dialog.getByText('This username is not available.')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page);

  const free = newAccount().username;
  await field.fill(free);
  await expect(dialog.getByText('This username is available.')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Username changed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`@${free}`)).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(free);
});

for (const locale of ['pt', 'es'] as const) {
  test(`the username is saved with one click and a message (${locale})`, async ({ page, request }) => {
    const t = (key: string) => text(locale, key);
    const { tokens } = await createAccount(request, { onboarded: true, locale });
    await storeTokens(page, tokens);
    await page.goto('/settings/profile');
    await page.getByRole('button', { name: t('settings.username.change') }).click();
    const dialog = page.getByRole('dialog', { name: t('settings.username.title') });
    const save = dialog.getByRole('button', { name: t('settings.save') });
    await expect(save).toBeDisabled();
    const free = newAccount().username;
    await dialog.getByLabel(t('settings.username.label')).fill(free);
    await expect(dialog.getByText(t('settings.username.available'))).toBeVisible();
    await save.click();
    await expect(page.getByText(t('settings.username.saved'))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`@${free}`)).toBeVisible();
  });
}

test('the interface language changes at once and stays after a reload', async ({ page, request }) => {
  const { tokens } = await openSettings(page, request);
  await page.getByLabel('Interface language').selectOption('pt');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alterar nome de usuário' })).toBeVisible();
  await expect
    .poll(async () => {
      const res = await request.get('/api/auth/me/', {
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      return ((await res.json()) as { locale: string }).locale;
    })
    .toBe('pt');

  // The account's language wins over what this browser remembers.
  await page.evaluate(() => localStorage.removeItem('i18nextLng'));
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page.getByLabel('Idioma da interface')).toHaveValue('pt');
});

test('changing the password: a wrong current one fails, the right one works for signing in', async ({
  page,
  request,
}) => {
  const { account } = await openSettings(page, request);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('Wrong123!');
  await dialog.getByLabel('New password').fill('Changed123!');
  await expect(dialog.getByText('At least 8 characters')).toBeVisible();
  await dialog.getByLabel('Repeat password').fill('Changed123!');
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Error updating password.')).toBeVisible();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();

  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Password changed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This browser stays signed in with the new token pair.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText(/Invalid email or password/);
  await signIn(page, account.email, 'Changed123!');
  await expect(page).toHaveURL(/\/$/);
});

test('a new email waits for its link, which makes it the account email', async ({ page, request }) => {
  const { account } = await openSettings(page, request);
  const newEmail = `new.${newAccount().email}`;
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email' });
  await dialog.getByLabel('New email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByText('Invalid email.')).toBeVisible();
  await dialog.getByLabel('New email').fill(newEmail);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  await page.goto('/dev/mail');
  const mail = page.locator('article', { has: page.locator('.meta', { hasText: `To ${newEmail}` }) });
  const link = await mail.first().getByRole('link').first().getAttribute('href');
  expect(link).toMatch(/\/confirm-email\?token=/);

  await page.goto(link!);
  await expect(page.getByRole('status')).toHaveText(/Your email is confirmed/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to settings' }).click();
  await expect(page.getByText(newEmail)).toBeVisible();
  await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);
  await expect(page.getByText('Verified')).toBeVisible();

  // A link works once.
  await page.goto(link!);
  await expect(page.getByRole('alert')).toHaveText(/Invalid or expired email confirmation link/);
});

test('the Google link outcome is told once and taken out of the address', async ({ page, request }) => {
  await openSettings(page, request);
  await page.goto('/settings/profile?connected=google');
  await expect(page.getByText('Google account connected.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.goto('/settings/profile?error=profile.google-in-use');
  await expect(page.getByText('This Google account is linked to another user.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('billing information takes a full name and a valid CPF', async ({ page, request }) => {
  await openSettings(page, request);
  await page.goto('/settings/billing');
  await page.getByLabel('Full name').fill('Ana Souza');
  const cpf = page.getByLabel('CPF');
  await cpf.pressSequentially('52998224724');
  await expect(cpf).toHaveValue('529.982.247-24');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid CPF.')).toBeVisible();
  await cpf.fill('529.982.247-25');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Billing information saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Ana Souza');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
});

test.describe('closing the account', () => {
  async function confirm(page: Page, title: string, button: string) {
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    return { dialog, go: () => dialog.getByRole('button', { name: button }).click() };
  }

  async function expectSignedOut(page: Page) {
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => [
      localStorage.getItem('access'),
      sessionStorage.getItem('access'),
    ]);
    expect(stored).toEqual([null, null]);
  }

  test('deactivating signs out, and signing in again restores the account', async ({ page, request }) => {
    const { account } = await openSettings(page, request);
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    const { go } = await confirm(page, 'Deactivate your account?', 'Deactivate account');
    await go();
    await expectSignedOut(page);
    await expect(page.getByText('Sign in again whenever you want to restore it.')).toBeVisible();

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/settings');
    await expect(page.getByText(`@${account.username}`)).toBeVisible();
  });

  test('deleting asks with a red title, then the account is gone for good', async ({ page, request }) => {
    const { account } = await openSettings(page, request);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const { dialog, go } = await confirm(page, 'Delete your account?', 'Delete for good');
    const title = dialog.getByRole('heading', { name: 'Delete your account?' });
    const [titleColour, dangerColour] = await title.evaluate((el) => [
      getComputedStyle(el).color,
      getComputedStyle(document.documentElement).getPropertyValue('--lendo-danger'),
    ]);
    expect(titleColour).toBe(hexToRgb(dangerColour.trim()));
    await expectAccessible(page);
    await go();
    await expectSignedOut(page);
    await expect(page.getByText('Your account was deleted.')).toBeVisible();

    await signIn(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText(/Invalid email or password/);
    await expect(page).toHaveURL(/\/login$/);
  });
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
