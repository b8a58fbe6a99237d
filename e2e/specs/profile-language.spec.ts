import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

test('the learning language and level change in settings; home, decks and lookup follow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await createAccount(request, { onboarded: true, language: 'en' });
  await storeTokens(page, tokens);
  await page.goto('/settings/profile');
  const section = page.getByRole('region', { name: 'Languages you study' });
  await expect(section.getByRole('radio', { name: 'English' })).toBeChecked();
  const level = section.getByLabel('Your level');
  await expect(level).toHaveValue('intermediate');
  await expectAccessible(page);

  await section.getByText('Spanish').click();
  const toast = page.getByText('Languages updated.');
  await expect(toast).toBeVisible();
  // Toasts show below the header, never over its navigation.
  const header = (await page.getByRole('banner').boundingBox())!;
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual(header.y + header.height);
  await level.selectOption('fluent');
  await expect(page.getByText('Level updated.')).toBeVisible();

  await page.reload();
  await expect(section.getByRole('radio', { name: 'Spanish' })).toBeChecked();
  await expect(level).toHaveValue('fluent');

  await page.goto('/');
  // Spanish stories, recommended around the new level (shelves scroll sideways: some are off screen).
  const recommended = page.getByRole('region', { name: 'Recommended for you' });
  await expect(recommended.getByRole('link', { name: 'La Llorona' })).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'The Frog Prince' })).toHaveCount(0);

  await page.goto('/decks');
  await expect(
    page.getByRole('navigation', { name: 'Deck language' }).getByRole('button', { name: 'Spanish' }),
  ).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('/');
  const lookup = page.getByRole('dialog', { name: 'Look up a word' });
  await expect(lookup).toBeVisible();
  await expect(
    lookup.getByRole('group', { name: 'Language of the word' }).getByRole('radio', { name: 'Spanish' }),
  ).toBeChecked();
});

test('the level setting speaks Portuguese', async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true, locale: 'pt' });
  await storeTokens(page, tokens);
  await page.goto('/settings/profile');
  const level = page.getByLabel('Seu nível');
  await level.selectOption('beginner');
  await expect(page.getByText('Nível atualizado.')).toBeVisible();
  await expect(level.locator('option:checked')).toHaveText('Iniciante');
});
