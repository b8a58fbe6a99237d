import { expect, test, type Locator, type Page } from '@playwright/test';
import { createAccount, storeTokens } from '../support/api.ts';
import { LOCALES, text } from '../support/i18n.ts';

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

for (const locale of LOCALES) {
  test(`100-character tokens everywhere a learner types never make a page scroll sideways (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string, vars?: Record<string, string>) => text(locale, key, vars);
    const { tokens } = await createAccount(request, { onboarded: true, locale });
    await storeTokens(page, tokens);
    const headers = { authorization: `Bearer ${tokens.access}` };

    // A deck and a card made through the forms.
    await page.goto('/decks');
    await page.getByRole('button', { name: t('decks.create') }).click();
    const form = page.getByRole('dialog', { name: t('decks.form.create-title') });
    await form.getByRole('textbox', { name: t('decks.form.name') }).fill(LONG);
    await form.getByRole('textbox', { name: t('decks.form.description') }).fill(`${LONG} ${LONG}`);
    await expectFits(form, 'deck form');
    await expectNoSidewaysScroll(page, 'deck form');
    await form.getByRole('button', { name: t('decks.form.create') }).click();
    await expect(form).toBeHidden();

    const decks = (await (await request.get('/api/deck/decks/', { headers })).json()) as {
      id: string;
      name: string;
    }[];
    const deck = decks.find((d) => d.name === LONG_NAME)!;
    expect(deck).toBeDefined();
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
    await summary.getByRole('button', { name: t('decks.summary.edit') }).click();

    await expect(page.getByRole('heading', { level: 1, name: LONG_NAME })).toBeVisible();
    const item = page.getByRole('article').filter({ has: page.getByRole('heading', { name: LONG }) });
    await expect(item).toBeVisible();
    await expectFits(item, 'card in the list');
    await expectNoSidewaysScroll(page, '/flashcards');

    await page.getByRole('searchbox', { name: t('flashcards.search-label') }).fill(token(100, 'q'));
    await expect(
      page.getByRole('heading', { name: t('flashcards.no-match.title', { query: token(100, 'q') }) }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page, '/flashcards search');
    await page.getByRole('searchbox', { name: t('flashcards.search-label') }).fill('');

    await item.getByRole('button', { name: t('flashcard.edit-label', { word: LONG }) }).click();
    const modal = page.getByRole('dialog', { name: t('flashcard.edit-title') });
    await expect(modal).toBeVisible();
    await modal.getByRole('textbox', { name: t('flashcard.front') }).fill(`${LONG}${LONG}`);
    await modal.getByRole('textbox', { name: t('flashcard.back') }).fill(`${LONG}${LONG}`);
    await expectFits(modal, 'flashcard modal');
    await expectNoSidewaysScroll(page, 'flashcard modal');
    // On a short screen the fields scroll under the footer, which stays at the very bottom: the deck
    // selector never shows below it.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 560 });
    const panel = (await modal.boundingBox())!;
    const footer = (await modal
      .getByRole('button', { name: t('flashcard.save') })
      .locator('..')
      .boundingBox())!;
    expect(footer.y + footer.height).toBeGreaterThanOrEqual(panel.y + panel.height - 1);
    await page.setViewportSize(size);
    await page.keyboard.press('Escape');

    // The username field.
    await page.goto('/settings/profile');
    await page.getByRole('button', { name: t('settings.username.change') }).click();
    const rename = page.getByRole('dialog', { name: t('settings.username.title') });
    await rename.getByLabel(t('settings.username.label')).fill(LONG);
    await expect(rename.getByText(t('profile.username-max-length'))).toBeVisible();
    await expectFits(rename, 'username modal');
    await expectNoSidewaysScroll(page, 'username modal');
    await page.keyboard.press('Escape');

    // The story search.
    await page.goto('/');
    await page.getByRole('searchbox', { name: t('home.search-label') }).fill(LONG);
    await expect(page.getByRole('heading', { name: t('home.no-results.title') })).toBeVisible();
    await expectNoSidewaysScroll(page, 'story search');
  });
}
