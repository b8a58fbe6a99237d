import { expect, test } from '@playwright/test';
import { createAccount, storeTokens } from '../support/api.ts';

test.beforeEach(async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true });
  await storeTokens(page, tokens);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
});

test('the bottom menu shows on phones only', async ({ page, isMobile }) => {
  const bottom = page.getByRole('navigation', { name: 'Quick access' });
  if (isMobile) {
    await expect(bottom).toBeVisible();
    // A basic learner: the graded reader and its ranking open the offer, playlists the coming-soon modal.
    const modalEntries = ['Graded reader', 'Playlists', 'Ranking'];
    for (const name of ['Home', 'Graded reader', 'Flashcards', 'Playlists', 'Ranking']) {
      await expect(bottom.getByRole(modalEntries.includes(name) ? 'button' : 'link', { name })).toBeVisible();
    }
  } else {
    await expect(bottom).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Flashcards' }),
    ).toBeVisible();
  }
});

test('the header collapses into a menu on narrow screens', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone layout');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Upgrade' })).toBeVisible();
});

test('the graded reader offers Pro to a free user', async ({ page, isMobile }) => {
  const scope = isMobile
    ? page.getByRole('navigation', { name: 'Quick access' })
    : page.getByRole('navigation', { name: 'Main' });
  await scope.getByRole('button', { name: 'Graded reader' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock the graded reader with Pro' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
});

test('playlists and statistics open their coming-soon modals', async ({ page, isMobile }) => {
  const scope = isMobile
    ? page.getByRole('navigation', { name: 'Quick access' })
    : page.getByRole('navigation', { name: 'Main' });
  await scope.getByRole('button', { name: 'Playlists' }).click();
  await expect(page.getByRole('dialog', { name: 'Playlists are coming soon' })).toBeVisible();
  await page.getByRole('button', { name: 'Got it' }).click();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Statistics' }).click();
  await expect(page.getByRole('dialog', { name: 'Statistics are coming soon' })).toBeVisible();
});

test('the coming-soon URLs open the home page with their modal', async ({ page }) => {
  await page.goto('/playlists');
  const playlists = page.getByRole('dialog', { name: 'Playlists are coming soon' });
  await expect(playlists).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
  await playlists.getByRole('button', { name: 'Got it' }).click();
  await expect(playlists).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
  // Reloading the home page does not bring the modal back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
  await expect(playlists).toBeHidden();

  await page.goto('/profile?tab=statistics');
  await expect(page.getByRole('dialog', { name: 'Statistics are coming soon' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

for (const [locale, playlists, statistics] of [
  ['pt', 'As playlists estão chegando', 'As estatísticas estão chegando'],
  ['es', 'Las playlists llegan pronto', 'Las estadísticas llegan pronto'],
] as const) {
  test(`the coming-soon URLs speak ${locale}`, async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true, locale });
    await storeTokens(page, tokens);
    await page.goto('/playlists');
    await expect(page.getByRole('dialog', { name: playlists })).toBeVisible();
    await page.goto('/profile?tab=statistics');
    await expect(page.getByRole('dialog', { name: statistics })).toBeVisible();
  });
}

test('an unknown page says so', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
