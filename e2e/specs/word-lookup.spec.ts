import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

test.beforeEach(async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true });
  await storeTokens(page, tokens);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
});

/** Opens the lookup where the layout offers it: the header on desktop, the menu on phones. */
async function openLookup(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Look up a word' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Look up a word' }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Look up a word' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('looks up a word: its lemma, translations, two use cases and its sound', async ({ page, isMobile }) => {
  const dialog = await openLookup(page, isMobile);
  const search = dialog.getByRole('searchbox', { name: 'Word to look up' });
  await expect(search).toBeFocused();
  // The account learns English (createAccount's onboarding), so that is the language searched.
  await expect(dialog.getByRole('radio', { name: 'English' })).toBeChecked();

  await search.fill('went');
  const result = dialog.getByRole('article');
  await expect(result.getByRole('heading', { level: 3, name: 'went' })).toBeVisible();
  await expect(result.getByText('Form of go')).toBeVisible();
  await expect(result.getByRole('heading', { level: 4, name: 'go' })).toBeVisible();
  // An English interface gets Portuguese translations first (SPEC §3).
  const firstTranslation = result.getByRole('definition').first();
  await expect(firstTranslation).toHaveAttribute('lang', 'pt');
  await expect(firstTranslation).toContainText('ir');
  const examples = result.getByRole('region', { name: 'Examples' }).getByRole('listitem');
  await expect(examples.first()).toBeVisible();
  expect(await examples.count()).toBeLessThanOrEqual(2);
  await expect(examples.first().getByRole('button', { name: /^Play sound: / })).toBeVisible();

  await expectAccessible(page);

  const tts = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/tts');
  const played = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/api/files/tts/'));
  await result.getByRole('button', { name: 'Play sound: went' }).click();
  const answer = await tts;
  expect(answer.status()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  expect((await played).ok()).toBe(true);
  const audio = await page.request.get(url);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  await expect(result.getByRole('button', { name: /^Sound unavailable/ })).toHaveCount(0);
});

test('"/" opens the lookup, and an unknown word gets the empty state', async ({ page }) => {
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Look up a word' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Word to look up' })).toBeFocused();

  await page.keyboard.type('zzxqvbl');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'No entry for “zzxqvbl”' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('No entry for “zzxqvbl”');
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Spanish' }).click();
  await expect(dialog.getByRole('radio', { name: 'Spanish' })).toBeChecked();
  await expect(dialog.getByRole('heading', { name: 'No entry for “zzxqvbl”' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a looked-up word becomes a flashcard: its lemma and its translation', async ({ page, isMobile }) => {
  const dialog = await openLookup(page, isMobile);
  await dialog.getByRole('searchbox', { name: 'Word to look up' }).fill('went');
  const result = dialog.getByRole('article');
  await expect(result.getByRole('heading', { level: 3, name: 'went' })).toBeVisible();
  await result.getByRole('button', { name: 'Create flashcard' }).click();
  await expect(dialog).toBeHidden();

  const modal = page.getByRole('dialog', { name: 'New flashcard' });
  await expect(modal.getByRole('textbox', { name: 'Word' })).toHaveValue('go');
  await expect(modal.getByRole('textbox', { name: 'Front' })).toHaveValue('go');
  await expect(modal.getByRole('textbox', { name: 'Back' })).toHaveValue(/\bir\b/);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Flashcard created')).toBeVisible();
  await expect(modal).toBeHidden();
});
