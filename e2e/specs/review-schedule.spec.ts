import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

/*
 * Runs in the "clock" project, on a server whose clock stands still until a test moves it
 * (POST /api/dev/clock/): a due date is reached by moving the clock, never by waiting.
 */

test('a card answered "got it" comes back on its due date', async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true });
  const headers = { authorization: `Bearer ${tokens.access}` };
  const [deck] = (await (await request.get('/api/deck/decks/', { headers })).json()) as { id: string }[];
  const created = await request.post(`/api/deck/decks/${deck!.id}/flashcards/`, {
    data: { word: 'castle', front: 'The castle stood on a hill.', back: 'O castelo ficava numa colina.' },
    headers,
  });
  expect(created.status()).toBe(201);
  await storeTokens(page, tokens);

  const deckCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'My deck' }) });
  const summary = page.getByRole('dialog', { name: 'My deck' });
  const openSummary = () => deckCard.getByRole('button', { name: 'My deck', exact: true }).click();

  // Review the new card: "got it".
  await page.goto('/decks');
  await openSummary();
  await summary.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review complete!' })).toBeVisible();

  // Nothing is pending until its due date.
  await page.getByRole('link', { name: 'Back to decks' }).click();
  const dueBadge = deckCard.getByText(/^\d+ to review$/);
  await expect(deckCard).toBeVisible();
  await expect(dueBadge).toHaveCount(0);
  await openSummary();
  await expect(summary.getByRole('button', { name: 'Review' })).toBeDisabled();
  await expect(summary).toContainText('Nothing to review right now. Next review: in');
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  // Move the server's clock just past the card's due date.
  const cards = await request.get(`/api/deck/decks/${deck!.id}/flashcards/`, { headers });
  const [card] = ((await cards.json()) as { results: { next_review: string }[] }).results;
  const { now } = (await (
    await request.post('/api/dev/clock/', { data: { advance_seconds: 0 } })
  ).json()) as {
    now: string;
  };
  const seconds = Math.ceil((Date.parse(card!.next_review) - Date.parse(now)) / 1000) + 1;
  expect(seconds).toBeGreaterThan(1);
  const moved = await request.post('/api/dev/clock/', { data: { advance_seconds: seconds } });
  expect(moved.ok()).toBe(true);

  // The card is pending and can be reviewed again.
  await page.reload();
  await expect(dueBadge).toHaveText('1 to review');
  await openSummary();
  await expect(summary.getByRole('definition').nth(1)).toHaveText('1');
  await summary.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await expect(page.getByText('The castle stood on a hill.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show answer' }).click();
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review complete!' })).toBeVisible();
});
