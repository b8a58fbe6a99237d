import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

/** The embedded default has no language model: the generator assembles practice reading. */
test('without a model, practice reading is built from library sentences and read like a story', async ({
  page,
  request,
}) => {
  const { tokens } = await createAccount(request, { onboarded: true, locale: 'es', language: 'en' });
  await storeTokens(page, tokens);

  await page.goto('/');
  await page.getByRole('link', { name: 'Abrir el generador' }).click();
  await expect(page).toHaveURL(/\/story-gen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generador de historias' })).toBeVisible();
  await expect(page.getByText('No la escribe una IA.', { exact: false })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Género' })).toHaveCount(0);

  const build = page.getByRole('button', { name: 'Armar lectura de práctica' });
  await expect(build).toBeDisabled();
  const word = page.getByRole('textbox', { name: 'Palabra para agregar' });
  await word.fill('frog');
  await word.press('Enter');
  await build.click();

  const output = page.locator('section[aria-live]');
  await expect(output.getByRole('heading', { level: 2, name: 'frog' })).toBeVisible();
  const sentences = output.getByRole('listitem');
  await expect(sentences.first()).toBeVisible();
  for (const sentence of await sentences.all())
    await expect(sentence.locator('mark').first()).toHaveText(/frog/i);
  await expect(output.getByText('Es una pequeña rana verde.', { exact: false })).toBeVisible();
  const mine = page.getByRole('region', { name: 'Tus historias' });
  await expect(mine).toContainText('Lectura de práctica');
  await expect(page.getByText('con IA', { exact: false })).toHaveCount(0);
  await expectAccessible(page);

  await page
    .getByRole('region', { name: 'Palabras que conoces' })
    .getByRole('link', { name: 'Leer ahora' })
    .click();
  await expect(page).toHaveURL(/\/chapter\//);
  await expect(page.getByRole('button', { name: 'frog', exact: true }).first()).toBeVisible();
});
