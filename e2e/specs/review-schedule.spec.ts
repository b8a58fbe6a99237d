import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

/*
 * Runs in the "clock" project, on a server whose clock stands still until a test moves it
 * (POST /api/dev/clock/): a due date is reached by moving the clock, never by waiting. The tests
 * share that clock, so they run one after the other.
 */
test.describe.configure({ mode: 'default' });

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

/*
 * Reading counts as review: a word looked up again while its card is due is a lapse of that card;
 * a due card whose word is only read is left alone.
 */
interface Card {
  id: string;
  word: string;
  status: string;
  last_review: string | null;
}

test('looking a word up again lapses its due card, and only that one', async ({ page, request }) => {
  const { tokens } = await createAccount(request, { onboarded: true });
  const headers = { authorization: `Bearer ${tokens.access}` };
  const [deck] = (await (await request.get('/api/deck/decks/', { headers })).json()) as { id: string }[];
  for (const [word, back] of [
    ['castle', 'castelo'],
    ['garden', 'jardim'],
  ]) {
    const created = await request.post(`/api/deck/decks/${deck!.id}/flashcards/`, {
      data: { word, front: word, back },
      headers,
    });
    const card = (await created.json()) as Card;
    const answered = await request.post('/api/deck/reviews/', {
      data: { flashcard: card.id, method: 'guess', result: 'got_it' },
      headers,
    });
    expect(answered.ok()).toBe(true);
  }
  const cards = async () =>
    (
      (await (await request.get(`/api/deck/decks/${deck!.id}/flashcards/`, { headers })).json()) as {
        results: Card[];
      }
    ).results;
  const answeredAt = Object.fromEntries((await cards()).map((card) => [card.word, card.last_review]));

  // Both cards come due at their second learning step, ten minutes on.
  const moved = await request.post('/api/dev/clock/', { data: { advance_seconds: 11 * 60 } });
  const { now } = (await moved.json()) as { now: string };

  const list = await request.get('/api/stories/', { params: { search: 'frog', language: 'en' }, headers });
  const [story] = ((await list.json()) as { results: { id: string }[] }).results;
  const detail = (await (await request.get(`/api/stories/${story!.id}/`, { headers })).json()) as {
    chapters: { id: string }[];
  };
  await storeTokens(page, tokens);
  await page.goto(`/chapter/${detail.chapters[0]!.id}`);

  const lookup = page.waitForResponse((res) => res.url().endsWith('/api/words/lookups/'));
  await page
    .getByRole('group', { name: 'Page 1 of 2' })
    .getByRole('button', { name: 'castle', exact: true })
    .click();
  expect(await (await lookup).json()).toMatchObject({ lemma: 'castle', lapsed: 1 });
  await expect(page.getByRole('dialog', { name: 'castle' })).toBeVisible();

  const after = Object.fromEntries((await cards()).map((card) => [card.word, card]));
  expect(after.castle).toMatchObject({ status: 'learning', last_review: now });
  // "garden" is on the same page and was due too, but it was only read.
  expect(after.garden!.last_review).toBe(answeredAt.garden);
});
