import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';
import { subscribe } from '../support/billing.ts';
import { LOCALES, text, type Locale } from '../support/i18n.ts';

/** The story read in the journey: English, elementary, free, two chapters of two pages. */
const STORY_SLUG = 'en-the-frog-prince';

interface Question {
  question: string;
  options: string[];
  answer: number;
}
/** The authored comprehension questions of the story, with their answers, per chapter. */
const QUESTIONS = (
  JSON.parse(
    readFileSync(
      new URL(`../../packages/content/stories/en/${STORY_SLUG}/questions.json`, import.meta.url),
      'utf8',
    ),
  ) as { chapters: Question[][] }
).chapters;

interface Challenge {
  type: string;
  target: number;
  progress: number;
  completed: boolean;
}

const auth = (access: string) => ({ authorization: `Bearer ${access}` });

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  const body = await response.text();
  return (body ? JSON.parse(body) : undefined) as T;
}

/** The chapters of the English stories, the journey's story first. */
async function englishChapters(request: APIRequestContext, access: string) {
  const list = await json<{ results: { id: string; title: string }[] }>(
    await request.get('/api/stories/', { params: { language: 'en', page_size: 48 }, headers: auth(access) }),
    'GET stories',
  );
  const stories = await Promise.all(
    list.results.map((story) =>
      request
        .get(`/api/stories/${story.id}/`, { headers: auth(access) })
        .then((res) =>
          json<{ title: string; chapters: { id: string; pages_count: number }[] }>(res, 'GET story'),
        ),
    ),
  );
  const frog = stories.find((story) => story.title === 'The Frog Prince');
  if (!frog) throw new Error('The Frog Prince is not in the library');
  return {
    frog: frog.chapters,
    others: stories.filter((story) => story !== frog).flatMap((s) => s.chapters),
  };
}

/** Reads a chapter through the API, as the reading page reports it, with `seconds` of reading. */
async function readChapter(
  request: APIRequestContext,
  access: string,
  chapter: { id: string; pages_count: number },
  seconds = 20,
) {
  for (let page = 1; page <= chapter.pages_count; page++) {
    await json(
      await request.post(`/api/chapters/${chapter.id}/progress/`, {
        headers: auth(access),
        data: { page, finished: page === chapter.pages_count, reading_seconds: seconds, looked_up: [] },
      }),
      'POST progress',
    );
  }
}

/**
 * Does, through the API, what today's unfinished challenges ask, except learning a word (a card
 * reaches its learned state only after days): pages and minutes of other stories, cards, decks and
 * deck reviews. With seven of the eight types covered, at least two of the three are completed.
 */
async function completeChallenges(
  request: APIRequestContext,
  access: string,
  others: { id: string; pages_count: number }[],
) {
  const dashboard = await json<{ challenges: { challenges: Challenge[] } }>(
    await request.get('/api/graded-reader/', { headers: auth(access) }),
    'GET graded-reader',
  );
  let deckCount = 0;
  const newDeck = async () => {
    deckCount += 1;
    return json<{ id: string }>(
      await request.post('/api/deck/decks/', {
        headers: auth(access),
        data: { name: `Graded ${deckCount}`, language: 'en' },
      }),
      'POST deck',
    );
  };
  const newCard = async (deckId: string, n: number) =>
    json<{ id: string }>(
      await request.post(`/api/deck/decks/${deckId}/flashcards/`, {
        headers: auth(access),
        data: { word: `word${n}`, front: `Front ${n} ${deckId}`, back: `Back ${n}` },
      }),
      'POST flashcard',
    );
  for (const challenge of dashboard.challenges.challenges) {
    const left = challenge.target - challenge.progress;
    if (challenge.completed || left <= 0) continue;
    switch (challenge.type) {
      case 'complete_page':
      case 'read_for_time': {
        // Each chapter read reports a full ten minutes per page.
        let done = 0;
        for (const chapter of others) {
          if (done >= left) break;
          await readChapter(request, access, chapter, 600);
          done += challenge.type === 'read_for_time' ? chapter.pages_count * 10 : chapter.pages_count;
        }
        break;
      }
      case 'create_flashcard': {
        const deck = await newDeck();
        for (let n = 0; n < left; n++) await newCard(deck.id, n);
        break;
      }
      case 'create_deck':
        for (let n = 0; n < left; n++) await newDeck();
        break;
      case 'review_deck':
        for (let n = 0; n < left; n++) {
          const deck = await newDeck();
          const card = await newCard(deck.id, 100 + n);
          await json(
            await request.post('/api/deck/reviews/', {
              headers: auth(access),
              data: { flashcard: card.id, method: 'guess', result: 'got_it' },
            }),
            'POST review',
          );
        }
        break;
    }
  }
}

/** Answers the check on the page: each question's authored right option, then "Check answers". */
async function answerCheck(page: Page, locale: Locale, questions: Question[]) {
  const check = page.getByRole('region', { name: text(locale, 'check.title') });
  for (const item of questions) {
    await check
      .getByRole('group', { name: item.question })
      .getByRole('radio', { name: item.options[item.answer], exact: true })
      .check();
  }
  await check.getByRole('button', { name: text(locale, 'check.submit') }).click();
  return check;
}

/**
 * The titles of the modals that open one after the other, each closed with Escape; waits up to
 * `wait` ms for the first.
 */
async function closeModals(page: Page, wait: number): Promise<string[]> {
  const titles: string[] = [];
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible', timeout: wait }).catch(() => undefined);
  while (await dialog.isVisible()) {
    titles.push((await dialog.getByRole('heading').first().textContent()) ?? '');
    // Two notices in a row may share a title: wait for this very dialog to go.
    const shown = await dialog.elementHandle();
    await page.keyboard.press('Escape');
    await shown?.waitForElementState('hidden');
    // The next notice, if any, opens as soon as this one is closed.
    await dialog.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
  }
  return titles;
}

/** The graded-reader entry of the navigation: the header's on a wide screen, the bottom bar's on a phone. */
const navEntry = (page: Page, locale: Locale, key: string, isMobile: boolean) =>
  page
    .getByRole('navigation', { name: text(locale, isMobile ? 'shell.nav-bottom' : 'shell.nav-main') })
    .getByRole('link', { name: text(locale, key) });

for (const locale of LOCALES) {
  test.describe(`the graded reader (${locale})`, () => {
    test('a pro learner reads, passes the check, sees the challenge, streak and level-up modals and the ranking', async ({
      page,
      request,
      isMobile,
    }) => {
      test.setTimeout(120_000);
      const { tokens, account } = await createAccount(request, { onboarded: true, locale });
      await subscribe(request, tokens.access);
      await storeTokens(page, tokens);
      const { frog, others } = await englishChapters(request, tokens.access);

      await page.goto('/');
      await navEntry(page, locale, 'nav.graded-reader', isMobile).click();
      await expect(page).toHaveURL(/\/graded-reader$/);
      await expect(
        page.getByRole('heading', { level: 1, name: text(locale, 'graded-reader.title') }),
      ).toBeVisible();
      const challenges = page.getByRole('region', { name: text(locale, 'graded-reader.challenges.title') });
      await expect(challenges.getByRole('listitem')).toHaveCount(3);
      await expect(challenges.getByRole('progressbar')).toHaveCount(3);
      const timer = challenges.getByRole('timer');
      const before = await timer.getAttribute('aria-label');
      await expect(timer).not.toHaveAttribute('aria-label', before ?? '');
      await expectAccessible(page);

      // The first chapter, read to its end on the reading page, then its comprehension check.
      await page.goto(`/chapter/${frog[0]!.id}`);
      await page.getByRole('button', { name: text(locale, 'reader.next') }).click();
      await page.getByRole('button', { name: text(locale, 'reader.finish') }).click();
      await expect(page).toHaveURL(/\/finished-chapter\//);
      const checked = page.waitForResponse(
        (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.endsWith('/check/'),
      );
      const check = await answerCheck(page, locale, QUESTIONS[0]!);
      expect((await checked).ok()).toBe(true);
      // Passing may complete a challenge (to finish a chapter) and start the streak: their notices
      // open over the page, which is hidden from assistive technology meanwhile.
      const titles = await closeModals(page, 3_000);
      const result = check.getByRole('status');
      await expect(result).toContainText(text(locale, 'check.passed'));
      await expect(result.getByRole('link', { name: text(locale, 'finished.next') })).toBeVisible();

      // The rest of the day's work, through the API: the second chapter with its check, and whatever
      // today's other challenges ask.
      await readChapter(request, tokens.access, frog[1]!);
      await json(
        await request.post(`/api/graded-reader/chapters/${frog[1]!.id}/check/`, {
          headers: auth(tokens.access),
          data: { answers: QUESTIONS[1]!.map((item) => item.answer) },
        }),
        'POST check',
      );
      await completeChallenges(request, tokens.access, others);
      // More reading, until the points reach the next level (500).
      for (const chapter of others) {
        const { level } = await json<{ level: { points: number } }>(
          await request.get('/api/graded-reader/', { headers: auth(tokens.access) }),
          'GET graded-reader',
        );
        if (level.points >= 500) break;
        await readChapter(request, tokens.access, chapter, 600);
      }

      // Back on the dashboard, the notices open one after the other.
      await page.goto('/graded-reader');
      titles.push(...(await closeModals(page, 15_000)));
      expect(titles).toContain(text(locale, 'modal.daily-challenge.title'));
      expect(titles).toContain(text(locale, 'modal.streak.continued.title_one', { count: '1' }));
      expect(titles).toContain(
        text(locale, 'modal.level-up.title', { level: text(locale, 'level.pre-intermediate') }),
      );
      await expect(challenges.getByText(text(locale, 'graded-reader.challenge-done')).first()).toBeAttached();

      // The path shows the story completed, the next one open.
      await page.goto('/graded-reader/en-elementary');
      await expect(page.getByRole('main').getByRole('listitem').first()).toContainText(
        text(locale, 'graded-reader.story.completed'),
      );

      await page.goto('/graded-reader');
      await page.getByRole('link', { name: text(locale, 'graded-reader.rank.see') }).click();
      await expect(page).toHaveURL(/\/ranking$/);
      const me = page.locator('[aria-current="true"]');
      await expect(me).toContainText(account.username);
      await page.getByText(text(locale, 'ranking.board.remembered'), { exact: true }).click();
      await expect(page.getByText(text(locale, 'ranking.board.remembered-hint'))).toBeVisible();
      await expectAccessible(page);
    });

    test('a basic learner is offered Pro from the navigation and sees the upgrade prompt', async ({
      page,
      request,
      isMobile,
    }) => {
      const { tokens } = await createAccount(request, { onboarded: true, locale });
      await storeTokens(page, tokens);
      await page.goto('/');
      const nav = page.getByRole('navigation', {
        name: text(locale, isMobile ? 'shell.nav-bottom' : 'shell.nav-main'),
      });
      await nav.getByRole('button', { name: text(locale, 'nav.graded-reader') }).click();
      const offer = page.getByRole('dialog', { name: text(locale, 'modal.offer.graded-reader-modal.title') });
      await expect(offer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(offer).toBeHidden();
      if (isMobile) {
        await nav.getByRole('button', { name: text(locale, 'nav.ranking') }).click();
        await expect(offer).toBeVisible();
        await page.keyboard.press('Escape');
      }

      await page.goto('/graded-reader');
      await expect(
        page.getByRole('heading', { level: 1, name: text(locale, 'graded-reader.upgrade.title') }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: text(locale, 'modal.offer.see-plans') })).toHaveAttribute(
        'href',
        '/plans',
      );
      await expectAccessible(page);
    });
  });
}
