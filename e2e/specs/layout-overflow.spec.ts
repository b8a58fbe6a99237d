import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, storeTokens } from '../support/api.ts';

/** A word with no place to break, as long as the field allows (or 100 characters). */
const token = (length = 100, letter = 'w') =>
  Array.from({ length }, (_, i) => (i % 10 === 9 ? letter.toUpperCase() : letter)).join('');
const LONG = token(100);
/** Deck names stop at 60 characters. */
const LONG_NAME = LONG.slice(0, 60);

/** No page scrolls sideways: the document is never wider than the window. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: page width`).toBeLessThanOrEqual(innerWidth);
}

/** The box keeps its content inside: nothing sticks out to the right of it or scrolls in it. */
async function expectFits(box: Locator, where: string) {
  const { scrollWidth, clientWidth, right } = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
  }));
  expect(scrollWidth, `${where}: content width`).toBeLessThanOrEqual(clientWidth + 1);
  expect(right, `${where}: right edge`).toBeLessThanOrEqual(await box.page().evaluate(() => innerWidth));
}

test('100-character tokens everywhere a learner types never make a page scroll sideways', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tokens } = await createAccount(request, { onboarded: true });
  await storeTokens(page, tokens);
  const headers = { authorization: `Bearer ${tokens.access}` };

  // A deck and a card made through the forms.
  await page.goto('/decks');
  await page.getByRole('button', { name: 'New deck' }).click();
  const form = page.getByRole('dialog', { name: 'New deck' });
  await form.getByRole('textbox', { name: 'Name' }).fill(LONG);
  await form.getByRole('textbox', { name: 'Description (optional)' }).fill(`${LONG} ${LONG}`);
  await expectFits(form, 'deck form');
  await expectNoSidewaysScroll(page, 'deck form');
  await form.getByRole('button', { name: 'Create deck' }).click();
  await expect(form).toBeHidden();

  const decks = (await (await request.get('/api/deck/decks/', { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const deck = decks.find((d) => d.name !== 'My deck')!;
  expect(deck.name).toBe(LONG_NAME);
  for (const word of [LONG, 'short']) {
    const res = await request.post(`/api/deck/decks/${deck.id}/flashcards/`, {
      data: { word, front: `${LONG} ${word}`, back: LONG },
      headers,
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/decks');
  const card = page.getByRole('article').filter({ hasText: LONG_NAME });
  await expect(card).toBeVisible();
  await expectFits(card, 'deck card');
  await expectNoSidewaysScroll(page, '/decks');

  await card.getByRole('button', { name: LONG_NAME, exact: true }).click();
  const summary = page.getByRole('dialog', { name: LONG_NAME });
  await expect(summary).toBeVisible();
  await expectFits(summary, 'deck summary');
  await expectNoSidewaysScroll(page, 'deck summary');
  await summary.getByRole('button', { name: 'Edit cards' }).click();

  await expect(page.getByRole('heading', { level: 1, name: LONG_NAME })).toBeVisible();
  const item = page.getByRole('article').filter({ has: page.getByRole('heading', { name: LONG }) });
  await expect(item).toBeVisible();
  await expectFits(item, 'card in the list');
  await expectNoSidewaysScroll(page, '/flashcards');

  await page.getByRole('searchbox', { name: 'Search cards' }).fill(token(100, 'q'));
  await expect(page.getByRole('heading', { name: /No cards match/ })).toBeVisible();
  await expectNoSidewaysScroll(page, '/flashcards search');
  await page.getByRole('searchbox', { name: 'Search cards' }).fill('');

  await item.getByRole('button', { name: /Edit/ }).click();
  const modal = page.getByRole('dialog', { name: 'Edit flashcard' });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Front' }).fill(`${LONG}${LONG}`);
  await modal.getByRole('textbox', { name: 'Back' }).fill(`${LONG}${LONG}`);
  await expectFits(modal, 'flashcard modal');
  await expectNoSidewaysScroll(page, 'flashcard modal');
  // On a short screen the fields scroll under the footer, which stays at the very bottom: the deck
  // selector never shows below it.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 560 });
  const panel = (await modal.boundingBox())!;
  const footer = (await modal.getByRole('button', { name: 'Save' }).locator('..').boundingBox())!;
  expect(footer.y + footer.height).toBeGreaterThanOrEqual(panel.y + panel.height - 1);
  await page.setViewportSize(size);
  await page.keyboard.press('Escape');

  // The username field.
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Change username' }).click();
  const rename = page.getByRole('dialog', { name: 'Change username' });
  await rename.getByLabel('New username').fill(LONG);
  await expect(rename.getByText('Username must have at most 20 characters.')).toBeVisible();
  await expectFits(rename, 'username modal');
  await expectNoSidewaysScroll(page, 'username modal');
  await page.keyboard.press('Escape');

  // The story search.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search stories' }).fill(LONG);
  await expect(page.getByRole('heading', { name: 'No stories match' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'story search');
});
