import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';
import { subscribe } from '../support/billing.ts';

/** Runs on the server with a (fake) language model: see the model projects of the config. */
test('a pro learner has a story written around their words, reads it, renames and deletes it', async ({
  page,
  request,
}) => {
  const { tokens } = await createAccount(request, { onboarded: true, locale: 'en', language: 'en' });
  await subscribe(request, tokens.access);
  await storeTokens(page, tokens);

  await page.goto('/story-gen');
  await expect(page.getByRole('heading', { level: 1, name: 'Story generator' })).toBeVisible();
  await expect(page.getByText('0 of 50 AI sentences used this month.', { exact: false })).toBeVisible();
  await expect(page.getByText('The stories you generate are kept here')).toBeVisible();

  await page.getByRole('combobox', { name: 'Level' }).selectOption('elementary');
  await page.getByRole('combobox', { name: 'Genre' }).selectOption('humor');
  await page.getByText('2 chapters').click();
  const word = page.getByRole('textbox', { name: 'Word to add' });
  await word.fill('apple');
  await word.press('Enter');
  await word.fill('river');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Chosen words' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 of 10 words.')).toBeVisible();

  await page.getByRole('button', { name: 'Write my story' }).click();
  const output = page.locator('section[aria-live]');
  await expect(output.getByRole('heading', { level: 2, name: 'A Day with Anna' })).toBeVisible();
  await expect(output.getByText('She sees a apple near the door.').first()).toBeVisible();
  await expect(output.getByText('Ela vê um apple perto da porta.').first()).toBeVisible();
  await expect(output.locator('mark', { hasText: 'river' }).first()).toBeVisible();
  await expect(output.getByText('Chapter 2 · A Day with Anna 2')).toBeVisible();

  const coverage = page.getByRole('region', { name: 'Words you know' });
  await expect(coverage).toContainText(/You know 0% of the words/);
  await expect(coverage).toContainText('under the 90–98%');
  await expect(coverage.locator('mark')).toHaveText(['apple', 'river']);
  await expect(page.getByText('12 of 50 AI sentences used this month.', { exact: false })).toBeVisible();

  const mine = page.getByRole('region', { name: 'Your stories' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine).toContainText('AI story');
  await expectAccessible(page);

  await coverage.getByRole('link', { name: 'Read it' }).click();
  await expect(page).toHaveURL(/\/chapter\//);
  await expect(page.getByRole('button', { name: 'house', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'house', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('house');
  await page.keyboard.press('Escape');

  await page.goto('/story-gen');
  await mine.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename story' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('My apple story');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByRole('heading', { name: 'My apple story' })).toBeVisible();

  await mine.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The stories you generate are kept here')).toBeVisible();
});

test('a basic learner is offered Pro instead of AI stories', async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true, locale: 'pt', language: 'en' });
  await storeTokens(page, tokens);
  await page.goto('/story-gen');
  await expect(page.getByRole('heading', { level: 1, name: 'Gerador de histórias' })).toBeVisible();
  await expect(page.getByText('Histórias com IA fazem parte do plano Pro.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Escrever minha história' }).click();
  await expect(page.getByRole('dialog', { name: 'Você usou as frases com IA deste mês' })).toBeVisible();
});
