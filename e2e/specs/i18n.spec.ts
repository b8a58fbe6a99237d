import { expect, test } from '@playwright/test';

test('the interface follows the query string and remembers the choice in a cookie', async ({
  page,
  context,
}) => {
  await page.goto('/login?lng=es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qué bueno verte de nuevo');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const cookie = (await context.cookies()).find((c) => c.name === 'i18next');
  expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Strict' });

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qué bueno verte de nuevo');
});

test('Portuguese is the default for other browser languages', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Que bom ter você de volta');
  await context.close();
});

test('the language switcher changes the interface at once', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});
