import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

/** Signs up (learning English), stores the session and returns an API helper for the account. */
async function signIn(page: Page, request: APIRequestContext) {
  const { tokens } = await createAccount(request, { onboarded: true });
  await storeTokens(page, tokens);
  const headers = { authorization: `Bearer ${tokens.access}` };
  return {
    access: tokens.access,
    /** The learner's decks; onboarding made "My deck" for English. */
    decks: async () =>
      (await (await request.get('/api/deck/decks/', { headers })).json()) as { id: string; name: string }[],
    addCard: async (deckId: string, card: { word: string; front: string; back: string }) => {
      const res = await request.post(`/api/deck/decks/${deckId}/flashcards/`, { data: card, headers });
      expect(res.status()).toBe(201);
    },
    addDeck: async (name: string) => {
      const res = await request.post('/api/deck/decks/', { data: { name, language: 'en' }, headers });
      expect(res.status()).toBe(201);
    },
  };
}

/** Opens the deck's summary from the deck list. */
const openDeck = (page: Page, name: string) =>
  deckCard(page, name).getByRole('button', { name, exact: true }).click();

const deckCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('flashcards from the reader', () => {
  test('a tapped word becomes a flashcard of the default deck', async ({ page, request }) => {
    const account = await signIn(page, request);
    const stories = await request.get('/api/stories/', {
      params: { search: 'frog', language: 'en' },
      headers: { authorization: `Bearer ${account.access}` },
    });
    const story = ((await stories.json()) as { results: { id: string }[] }).results[0]!;
    const detail = await request.get(`/api/stories/${story.id}/`, {
      headers: { authorization: `Bearer ${account.access}` },
    });
    const chapterId = ((await detail.json()) as { chapters: { id: string }[] }).chapters[0]!.id;

    await page.goto(`/chapter/${chapterId}`);
    await page.locator('[data-word]', { hasText: /^is$/ }).first().click();
    const popup = page.getByRole('dialog', { name: 'is' });
    await popup.getByRole('button', { name: 'Create flashcard' }).click();
    await expect(popup).toBeHidden();

    const modal = page.getByRole('dialog', { name: 'New flashcard' });
    // The lemma, the story's sentence and its translation, in the story's language.
    await expect(modal.getByRole('textbox', { name: 'Word' })).toHaveValue('be');
    await expect(modal.getByRole('textbox', { name: 'Front' })).toHaveValue(
      'There is a young princess in a big castle.',
    );
    await expect(modal.getByRole('textbox', { name: 'Back' })).toHaveValue(/Há uma jovem princesa/);
    await expect(modal.getByRole('combobox', { name: 'Deck' })).toHaveText('My deck');
    await expect(modal.getByRole('button', { name: 'Play sound: be' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Flashcard created')).toBeVisible();
    await expect(modal).toBeHidden();

    await page.goto('/decks');
    await expect(deckCard(page, 'My deck')).toContainText('1 card');
    await openDeck(page, 'My deck');
    const summary = page.getByRole('dialog', { name: 'My deck' });
    // New, learning, learned: they add up to the one card, which is due now.
    await expect(summary.getByRole('definition')).toHaveText(['1', '0', '0']);
    await expect(summary).toContainText('1 due now');
    await summary.getByRole('button', { name: 'Edit cards' }).click();
    await expect(page).toHaveURL(/\/flashcards\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My deck' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ hasText: 'There is a young princess in a big castle.' });
    await expect(card.getByRole('heading', { name: 'be' })).toBeVisible();
    await expect(card).toContainText('New');
  });
});

test.describe('decks', () => {
  test('are created with an icon and filled from their page', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/decks');
    await expect(page.getByRole('heading', { level: 1, name: 'Flashcards' })).toBeVisible();
    await expect(deckCard(page, 'My deck')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New deck' }).click();
    const form = page.getByRole('dialog', { name: 'New deck' });
    await form.getByRole('button', { name: 'Create deck' }).click();
    await expect(form.getByText('Deck name is required.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('Travel');
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('For the trip to London');
    await form.getByRole('button', { name: 'Icon: Graduation cap. Choose another' }).click();
    await page.getByRole('radio', { name: 'Heart' }).click();
    await expect(form.getByRole('button', { name: 'Icon: Heart. Choose another' })).toBeFocused();
    await form.getByRole('button', { name: 'Create deck' }).click();
    await expect(page.getByText('“Travel” was created')).toBeVisible();
    await expect(deckCard(page, 'Travel')).toContainText('For the trip to London');
    await expect(deckCard(page, 'Travel')).toContainText('0 cards');

    // Its cards: none yet, then one added from the deck's page.
    await openDeck(page, 'Travel');
    await page.getByRole('dialog', { name: 'Travel' }).getByRole('button', { name: 'Edit cards' }).click();
    await expect(page.getByRole('heading', { name: 'This deck has no cards yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Add card' }).first().click();
    const cardModal = page.getByRole('dialog', { name: 'New flashcard' });
    await cardModal.getByRole('textbox', { name: 'Word' }).fill('ticket');
    await cardModal.getByRole('button', { name: 'Save' }).click();
    await expect(cardModal.getByText('Front is required.')).toBeVisible();
    await cardModal.getByRole('textbox', { name: 'Front' }).fill('Where can I buy a ticket?');
    await cardModal.getByRole('textbox', { name: 'Back' }).fill('Onde posso comprar uma passagem?');
    await cardModal.getByRole('button', { name: 'Save' }).click();
    await expect(cardModal).toBeHidden();
    await expect(page.getByRole('heading', { level: 3, name: 'ticket' })).toBeVisible();
    await expect(page.getByText('1 card', { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('are renamed and deleted through their menu; the last one stays', async ({ page, request }) => {
    const account = await signIn(page, request);
    await account.addDeck('Travel');
    const travel = (await account.decks()).find((deck) => deck.name === 'Travel')!;
    await account.addCard(travel.id, { word: 'ticket', front: 'A ticket, please.', back: 'Uma passagem.' });
    await page.goto('/decks');

    await page.getByRole('button', { name: 'Options for Travel' }).click();
    await page.getByRole('dialog', { name: 'Travel' }).getByRole('button', { name: 'Edit deck' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit deck' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue('Travel');
    await edit.getByRole('textbox', { name: 'Name' }).fill('Trips');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Deck saved')).toBeVisible();
    await expect(deckCard(page, 'Trips')).toContainText('1 card');

    await page.getByRole('button', { name: 'Options for Trips' }).click();
    await page.getByRole('dialog', { name: 'Trips' }).getByRole('button', { name: 'Delete deck' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Trips”?' });
    await expect(confirm).toContainText('its 1 card will be deleted');
    await confirm.getByRole('button', { name: 'Delete deck' }).click();
    await expect(page.getByText('“Trips” was deleted')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(deckCard(page, 'Trips')).toHaveCount(0);

    await page.getByRole('button', { name: 'Options for My deck' }).click();
    await page.getByRole('dialog', { name: 'My deck' }).getByRole('button', { name: 'Delete deck' }).click();
    const last = page.getByRole('dialog', { name: 'Delete “My deck”?' });
    await last.getByRole('button', { name: 'Delete deck' }).click();
    await expect(last.getByRole('alert')).toHaveText('The last deck of a language cannot be deleted.');
    await expect(last).toBeVisible();
    await expectAccessible(page);
    await last.getByRole('button', { name: 'Cancel' }).click();
    await expect(deckCard(page, 'My deck')).toBeVisible();
  });

  test('past the plan’s decks, New deck offers an upgrade', async ({ page, request }) => {
    const account = await signIn(page, request);
    // The free plan allows five decks: "My deck" and four more.
    for (const name of ['Two', 'Three', 'Four', 'Five']) await account.addDeck(name);
    await page.goto('/decks');
    await page.getByRole('button', { name: 'New deck' }).click();
    const offer = page.getByRole('dialog', { name: "You've reached your deck limit" });
    await expect(offer).toContainText('You have reached the number of decks your plan allows.');
    await expect(offer.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
    await expectAccessible(page);
  });

  test('of another language are listed under their own language', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/decks');
    await expect(page.getByRole('heading', { level: 2, name: 'Decks in English' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Deck language' })).toHaveCount(0);

    await page.getByRole('button', { name: 'New deck' }).click();
    const form = page.getByRole('dialog', { name: 'New deck' });
    await expect(form.getByRole('combobox', { name: 'Language of the cards' })).toHaveValue('en');
    await form.getByRole('textbox', { name: 'Name' }).fill('Viaje');
    await form.getByRole('combobox', { name: 'Language of the cards' }).selectOption('es');
    await form.getByRole('button', { name: 'Create deck' }).click();

    await expect(page).toHaveURL('/decks?language=es');
    await expect(page.getByRole('heading', { level: 2, name: 'Decks in Spanish' })).toBeVisible();
    await expect(deckCard(page, 'Viaje')).toBeVisible();
    await expect(deckCard(page, 'My deck')).toHaveCount(0);
    const languages = page.getByRole('navigation', { name: 'Deck language' });
    await expect(languages.getByRole('button', { name: 'Spanish' })).toHaveAttribute('aria-current', 'true');
    await languages.getByRole('button', { name: 'English' }).click();
    await expect(deckCard(page, 'My deck')).toBeVisible();
    await expect(deckCard(page, 'Viaje')).toHaveCount(0);
  });

  test('cards are searched and paged through the address', async ({ page, request }) => {
    const account = await signIn(page, request);
    const [deck] = await account.decks();
    for (let index = 1; index <= 21; index++)
      await account.addCard(deck!.id, {
        word: `word${index}`,
        front: `Sentence number ${index}.`,
        back: `Frase ${index}.`,
      });
    await page.goto(`/flashcards/${deck!.id}`);
    await expect(page.getByRole('status').filter({ hasText: '21 cards' })).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Search cards' }).fill('number 21');
    await expect(page).toHaveURL(/query=number\+21/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText('1 card found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'word21' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search cards' })).toHaveValue('number 21');

    await page.getByRole('searchbox', { name: 'Search cards' }).fill('zebra');
    await expect(page.getByRole('heading', { name: 'No cards match “zebra”' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Clear search' }).last().click();
    await expect(page.getByRole('status').filter({ hasText: '21 cards' })).toBeVisible();
  });
});

test.describe('a review', () => {
  test('goes by guess-and-show and by Q&A, then sums up', async ({ page, request }) => {
    const account = await signIn(page, request);
    const [deck] = await account.decks();
    const cards = [
      { word: 'castle', front: 'The castle stood on a hill.', back: 'O castelo ficava numa colina.' },
      { word: 'frog', front: 'A frog jumped into the pond.', back: 'Um sapo pulou no lago.' },
      { word: 'ball', front: 'ball', back: 'bola' },
    ];
    for (const card of cards) await account.addCard(deck!.id, card);

    await page.goto('/decks');
    await openDeck(page, 'My deck');
    await page.getByRole('dialog', { name: 'My deck' }).getByRole('button', { name: 'Review' }).click();
    await expect(page).toHaveURL(`/review/${deck!.id}`);
    const progress = page.getByText(/^Card \d of \d$/);
    await expect(progress).toHaveText('Card 1 of 3');
    await expect(page.getByRole('radio', { name: 'Guess and show' })).toBeChecked();
    await expectAccessible(page);

    // Guess-and-show by keyboard, keys in the buttons' order: Space shows the answer, 2 is "got it".
    const front = (text: string) => page.getByText(text, { exact: true });
    await expect(front(cards[0]!.front)).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByText(cards[0]!.back)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Was wrong' })).toHaveAttribute(
      'aria-keyshortcuts',
      '1 ArrowLeft',
    );
    await expect(page.getByRole('button', { name: 'Got it' })).toHaveAttribute(
      'aria-keyshortcuts',
      '2 ArrowRight',
    );
    await page.keyboard.press('2');
    await expect(progress).toHaveText('Card 2 of 3');
    await expect(page.getByText('1 right')).toBeVisible();

    // …and with the buttons: "was wrong".
    await page.getByRole('button', { name: 'Show answer' }).click();
    await page.getByRole('button', { name: 'Was wrong' }).click();
    await expect(progress).toHaveText('Card 3 of 3');

    // Q&A, remembered for the next session: a reload starts again from what is still due.
    await page.getByRole('radio', { name: 'Type the answer' }).check();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Type the answer' })).toBeChecked();
    await expect(progress).toHaveText('Card 1 of 1');
    const answer = page.getByRole('textbox', { name: 'Your answer' });
    await expect(answer).toBeFocused();
    await answer.fill('Bola');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toContainText('Answer: bola');
    await expectAccessible(page);
    await page.keyboard.press('Enter');

    // The card answered "was wrong" is due in a minute: the session waits for it, or ends on request.
    await expect(page.getByText('A card is coming back')).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Time until the next card' })).toHaveText(/^[01]:\d\d$/);
    await page.getByRole('button', { name: 'See the summary' }).click();

    await expect(page).toHaveURL(`/deck-reviewed/${deck!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Review complete!' })).toBeVisible();
    const figure = (label: string) =>
      page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
    // This session (since the reload): one answer, right.
    await expect(figure('Answers')).toHaveText('1');
    await expect(figure('Right')).toHaveText('1');
    await expect(figure('Wrong')).toHaveText('0');
    await expect(figure('Accuracy')).toHaveText('100%');
    await expect(figure('New cards seen')).toHaveText('1');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to decks' }).click();
    await expect(page).toHaveURL('/decks');
    await expect(deckCard(page, 'My deck')).toContainText('Last review: just now');
  });

  test('with nothing due says so, and when the next review is', async ({ page, request }) => {
    const account = await signIn(page, request);
    const [deck] = await account.decks();
    await page.goto(`/review/${deck!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'All caught up!' })).toBeVisible();
    await expect(page.getByText('This deck has no cards yet.')).toBeVisible();
    await page.goto('/decks');
    await openDeck(page, 'My deck');
    const summary = page.getByRole('dialog', { name: 'My deck' });
    await expect(summary.getByRole('button', { name: 'Review' })).toBeDisabled();
    await expect(summary).toContainText('This deck has no cards yet.');
  });
});
