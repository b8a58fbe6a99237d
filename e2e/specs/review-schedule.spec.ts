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
  // This device's clock runs an hour ahead of the server's: due dates are judged by the server's.
  await page.clock.install({ time: Date.now() + 3600_000 });
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
  const dueBadge = deckCard.getByText(/^\d+ due now$/);
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
  await expect(dueBadge).toHaveText('1 due now');
  await openSummary();
  // Learning (its ten-minute step) and due now.
  await expect(summary.getByRole('definition').nth(1)).toHaveText('1');
  await expect(summary).toContainText('1 due now');
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

/*
 * Learning steps within a session, and Q&A on a card made from the popup (word, sentence, its
 * translation) asked as a cloze: the failed card comes back once its minute has passed (the clock
 * is moved; the waiting session asks the queue again by itself), and the summary counts both answers.
 */
const SESSION_TEXTS = {
  pt: {
    deck: 'Meu baralho',
    qa: 'Digitar a resposta',
    missing: 'Digite a palavra que falta',
    check: 'Verificar',
    wrong: 'Não foi dessa vez',
    correct: 'Correto!',
    next: 'Próximo',
    progress: (n: number, total: number) => `Cartão ${n} de ${total}`,
    waiting: 'Um cartão já vai voltar',
    timer: 'Tempo até o próximo cartão',
    done: 'Revisão concluída!',
    answers: 'Respostas',
    right: 'Certos',
    wrongCount: 'Errados',
  },
  en: {
    deck: 'My deck',
    qa: 'Type the answer',
    missing: 'Type the missing word',
    check: 'Check',
    wrong: 'Not quite',
    correct: 'Correct!',
    next: 'Next',
    progress: (n: number, total: number) => `Card ${n} of ${total}`,
    waiting: 'A card is coming back',
    timer: 'Time until the next card',
    done: 'Review complete!',
    answers: 'Answers',
    right: 'Right',
    wrongCount: 'Wrong',
  },
  es: {
    deck: 'Mi mazo',
    qa: 'Escribir la respuesta',
    missing: 'Escribe la palabra que falta',
    check: 'Comprobar',
    wrong: 'No exactamente',
    correct: '¡Correcto!',
    next: 'Siguiente',
    progress: (n: number, total: number) => `Tarjeta ${n} de ${total}`,
    waiting: 'Una tarjeta vuelve enseguida',
    timer: 'Tiempo hasta la próxima tarjeta',
    done: '¡Repaso completado!',
    answers: 'Respuestas',
    right: 'Aciertos',
    wrongCount: 'Fallos',
  },
} as const;

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const;

for (const [size, options] of Object.entries(VIEWPORTS)) {
  test.describe(size, () => {
    test.use(options);
    // A minute of the clock passes in it, and the waiting session polls every few seconds.
    test.describe.configure({ timeout: 120_000 });
    for (const locale of ['pt', 'en', 'es'] as const) {
      const t = SESSION_TEXTS[locale];
      test(`a failed cloze card comes back in the session, and the summary counts both answers (${locale})`, async ({
        page,
        request,
      }) => {
        const { tokens } = await createAccount(request, { onboarded: true, locale, language: 'pt' });
        const headers = { authorization: `Bearer ${tokens.access}` };
        const [deck] = (await (await request.get('/api/deck/decks/', { headers })).json()) as {
          id: string;
        }[];
        const created = await request.post(`/api/deck/decks/${deck!.id}/flashcards/`, {
          data: { word: 'passaporte', front: 'Onde está o meu passaporte?', back: 'Where is my passport?' },
          headers,
        });
        expect(created.status()).toBe(201);
        await storeTokens(page, tokens);

        // Without a session, the summary page goes back to the deck.
        await page.goto(`/deck-reviewed/${deck!.id}`);
        await expect(page).toHaveURL(`/flashcards/${deck!.id}`);

        await page.goto(`/review/${deck!.id}`);
        await page.getByRole('radio', { name: t.qa }).check();
        // The sentence with the word blanked, and its translation.
        const sentence = page.getByText(/^Onde está o meu/);
        await expect(sentence).toBeVisible();
        await expect(sentence).not.toContainText('passaporte');
        await expect(page.getByText('Where is my passport?')).toBeVisible();
        await expect(page.getByText(t.progress(1, 1))).toBeVisible();
        await expectAccessible(page);

        // Wrong: the word is shown in the sentence, and the answer with its differences marked.
        const answer = page.getByRole('textbox', { name: t.missing });
        await answer.fill('pasaportos');
        await page.getByRole('button', { name: t.check }).click();
        const verdict = page.getByRole('status').filter({ hasText: t.wrong });
        await expect(verdict).toContainText('passaporte');
        const diff = page.getByTestId('answer-diff');
        // "pas[s]aport[e]{os}": two letters missing, two too many.
        await expect(diff.locator('ins')).toHaveText([/s$/, /e$/]);
        await expect(diff.locator('del')).toHaveText([/os$/]);
        await expect(page.getByText('Onde está o meu passaporte?')).toBeVisible();
        await page.getByRole('button', { name: t.next }).click();

        // The failed card is due in a minute: the session waits for it, with a countdown.
        await expect(page.getByText(t.waiting)).toBeVisible();
        await expect(page.getByRole('timer', { name: t.timer })).toHaveText(/^[01]:\d\d$/);
        await expectAccessible(page);
        const moved = await request.post('/api/dev/clock/', { data: { advance_seconds: 61 } });
        expect(moved.ok()).toBe(true);

        // It comes back in the same session; right this time.
        await expect(page.getByText(t.progress(2, 2))).toBeVisible({ timeout: 15_000 });
        await expect(sentence).not.toContainText('passaporte');
        await page.getByRole('textbox', { name: t.missing }).fill('Passaporte');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('status').filter({ hasText: t.correct })).toContainText('passaporte');
        await expect(page.getByTestId('answer-diff')).toHaveCount(0);
        await page.getByRole('button', { name: t.next }).click();

        // Its next step is ten minutes away: the session ends, counting what was answered.
        await expect(page.getByRole('heading', { level: 1, name: t.done })).toBeVisible();
        const figure = (label: string) =>
          page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd');
        await expect(figure(t.answers)).toHaveText('2');
        await expect(figure(t.right)).toHaveText('1');
        await expect(figure(t.wrongCount)).toHaveText('1');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(options.viewport.width);
      });
    }
  });
}
