import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';

/** The story the journeys read: English, elementary, two chapters of two pages. */
const STORY = 'The Frog Prince';

/** Signs up (learning English), stores the session and returns its access token. */
async function signIn(page: Page, request: APIRequestContext, locale: 'pt' | 'en' | 'es' = 'en') {
  const { tokens } = await createAccount(request, { onboarded: true, locale });
  await storeTokens(page, tokens);
  return tokens.access;
}

/** The ids of STORY and its chapters, from the API. */
async function findStory(request: APIRequestContext, access: string) {
  const headers = { authorization: `Bearer ${access}` };
  const list = await request.get('/api/stories/', { params: { search: 'frog', language: 'en' }, headers });
  const { results } = (await list.json()) as { results: { id: string; title: string }[] };
  const story = results.find((item) => item.title === STORY);
  if (!story) throw new Error(`${STORY} is not in the library`);
  const detail = await request.get(`/api/stories/${story.id}/`, { headers });
  const { chapters } = (await detail.json()) as { chapters: { id: string }[] };
  return { storyId: story.id, chapterIds: chapters.map((chapter) => chapter.id) };
}

const progressSaved = (page: Page) =>
  page.waitForResponse((res) => /\/api\/chapters\/[^/]+\/progress\/$/.test(new URL(res.url()).pathname));

/** The story text of the reading page: a group named after the page shown. */
const storyText = (page: Page, pageNumber: number, total: number) =>
  page.getByRole('group', { name: `Page ${pageNumber} of ${total}` });

const word = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: text, exact: true });

test.describe('the home page', () => {
  test('searches, filters and keeps both in the address', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Hello');
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your reading shelf is empty' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search stories' }).fill('frog');
    await expect(page).toHaveURL(/search=frog/);
    await expect(page.getByRole('heading', { level: 2, name: '1 story' })).toBeVisible();
    await expect(page.getByRole('link', { name: STORY })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveValue('frog');
    await expect(page.getByRole('link', { name: STORY })).toBeVisible();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Level' }).click();
    await page.getByRole('option', { name: 'Advanced' }).click();
    await expect(page).toHaveURL(/difficulty=advanced/);
    const results = page.getByRole('main').getByRole('listitem');
    await expect(results.first()).toBeVisible();
    for (const card of await results.all()) await expect(card).toContainText('Advanced');

    await page.getByRole('tab', { name: 'Fairy tales' }).click();
    await expect(page).toHaveURL(/category=fairy\+tales/);
    await expect(page.getByRole('tab', { name: 'Fairy tales' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No stories match' })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await expect(results.first()).toContainText('Advanced');

    await page.goForward();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Level' })).toHaveText('Level');
    await expectAccessible(page);
  });
});

test.describe('a story', () => {
  test('opens from home with its chapters, favorite, share and playlist', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Chromium on Linux has no share sheet; make sure the fallback (copy the link) is what runs.
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await signIn(page, request);
    await page.goto('/?search=frog');
    await page.getByRole('link', { name: STORY }).click();

    await expect(page.getByRole('heading', { level: 1, name: STORY })).toBeVisible();
    await expect(page.getByText('Elementary').first()).toBeVisible();
    const chapters = page.getByRole('region', { name: 'Chapters' }).getByRole('link');
    await expect(chapters).toHaveCount(2);
    await expect(chapters.first()).toContainText('Chapter 1');
    await expect(page.getByRole('link', { name: 'Start reading' })).toBeVisible();

    const favorite = page.getByRole('button', { name: 'Favorite' });
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Added to your favorites')).toBeVisible();

    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied to the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.getByRole('button', { name: 'Add to playlist' }).click();
    await expect(page.getByRole('dialog', { name: 'Playlists are coming soon' })).toBeVisible();
    await page.getByRole('button', { name: 'Got it' }).click();
    // Toasts come and go on timers; scan the page once they have.
    await expect(page.getByText('Added to your favorites')).toBeHidden();
    await expect(page.getByText('Link copied to the clipboard')).toBeHidden();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'All stories' }).click();
    const favorites = page.getByRole('region', { name: 'Your favorites' });
    await expect(favorites.getByRole('link', { name: STORY })).toBeVisible();
  });

  test('an unknown story gets the not-found state', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/story/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // Inside the signed-in shell: the header stays.
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('the reading page', () => {
  test('reads a chapter to the end with the buttons and the arrow keys', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/?search=frog');
    await page.getByRole('link', { name: STORY }).click();
    await page.getByRole('link', { name: 'Start reading' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'The Golden Ball' })).toBeVisible();
    const progress = page.getByRole('progressbar', { name: 'Reading progress' });
    await expect(progress).toHaveAttribute('aria-valuetext', 'Page 1 of 2');
    await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const saved = progressSaved(page);
    await page.keyboard.press('ArrowRight');
    await expect(progress).toHaveAttribute('aria-valuetext', 'Page 2 of 2');
    expect((await saved).request().postDataJSON()).toMatchObject({ page: 1, finished: false });
    await page.keyboard.press('ArrowLeft');
    await expect(storyText(page, 1, 2)).toBeVisible();

    // Once a word has the focus, the arrow keys move between words instead of turning the page.
    await word(storyText(page, 1, 2), 'There').focus();
    await page.keyboard.press('ArrowRight');
    await expect(word(storyText(page, 1, 2), 'is').first()).toBeFocused();
    await expect(progress).toHaveAttribute('aria-valuetext', 'Page 1 of 2');
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'is' });
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(word(storyText(page, 1, 2), 'is').first()).toBeFocused();

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(storyText(page, 2, 2)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish chapter' })).toBeVisible();
    // The save of the last page, not a late answer to the page turn before it.
    const finished = page.waitForResponse(
      (res) =>
        /\/api\/chapters\/[^/]+\/progress\/$/.test(new URL(res.url()).pathname) &&
        (res.request().postDataJSON() as { finished?: boolean }).finished === true,
    );
    await page.keyboard.press('ArrowRight');
    const body = (await finished).request().postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ page: 2, finished: true, looked_up: [] });
    expect(typeof body.reading_seconds).toBe('number');

    await expect(page).toHaveURL(/\/finished-chapter\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Chapter complete!' })).toBeVisible();
  });

  test('swipes turn the page on a touch screen', async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'touch layout');
    const access = await signIn(page, request);
    const { chapterIds } = await findStory(request, access);
    await page.goto(`/chapter/${chapterIds[0]}`);
    await expect(storyText(page, 1, 2)).toBeVisible();
    const swipe = (text: Locator, fromX: number, toX: number) =>
      text.evaluate(
        (element, [from, to]) => {
          const init = { bubbles: true, pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: 300 };
          element.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: from }));
          element.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: to }));
        },
        [fromX, toX],
      );
    await swipe(storyText(page, 1, 2), 320, 80);
    await expect(storyText(page, 2, 2)).toBeVisible();
    await swipe(storyText(page, 2, 2), 80, 320);
    await expect(storyText(page, 1, 2)).toBeVisible();
  });

  test('the finished page lists the words looked up and leads on', async ({ page, request }) => {
    const access = await signIn(page, request);
    const { storyId, chapterIds } = await findStory(request, access);
    await page.goto(`/chapter/${chapterIds[0]}`);
    await word(storyText(page, 1, 2), 'princess')
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'princess' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Finish chapter' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Chapter complete!' })).toBeVisible();
    const wordsRead = page.getByRole('definition').first();
    await expect(wordsRead).not.toHaveText('0');
    const lookedUp = page.getByRole('region', { name: 'Words you looked up' });
    await lookedUp.getByRole('button', { name: 'princess' }).click();
    const lookup = page.getByRole('dialog', { name: 'Look up a word' });
    await expect(lookup.getByRole('searchbox', { name: 'Word to look up' })).toHaveValue('princess');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Next chapter' }).click();
    await expect(page).toHaveURL(new RegExp(`/chapter/${chapterIds[1]}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'The Frog at the Door' })).toBeVisible();
    await page.getByRole('link', { name: STORY }).click();
    await expect(page).toHaveURL(new RegExp(`/story/${storyId}$`));
    await expect(page.getByRole('region', { name: 'Chapters' }).getByRole('link').first()).toContainText(
      'Read',
    );
  });

  test('continues where the reader left off, after a reload and from the story', async ({
    page,
    request,
  }) => {
    const access = await signIn(page, request);
    const { storyId, chapterIds } = await findStory(request, access);
    await page.goto(`/chapter/${chapterIds[0]}`);
    const saved = progressSaved(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await expect(storyText(page, 2, 2)).toBeVisible();

    await page.goto(`/story/${storyId}`);
    await expect(page.getByText('Chapter 1, page 2')).toBeVisible();
    await page.getByRole('link', { name: 'Continue reading' }).click();
    await expect(storyText(page, 2, 2)).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });

  test('the reading page with the word popup open has no serious axe violations', async ({
    page,
    request,
  }) => {
    const access = await signIn(page, request);
    const { chapterIds } = await findStory(request, access);
    await page.goto(`/chapter/${chapterIds[0]}`);
    await expect(storyText(page, 1, 2)).toBeVisible();
    await expectAccessible(page);
    await word(storyText(page, 1, 2), 'castle').click();
    const popup = page.getByRole('dialog', { name: 'castle' });
    await expect(popup.getByRole('region', { name: 'Dictionary' }).getByText('castle').first()).toBeVisible();
    await expect(
      popup.getByRole('region', { name: 'Meaning here' }).getByRole('paragraph').first(),
    ).toBeVisible();
    await expectAccessible(page);
  });
});

/** What the popup says, per interface language: headings, the lemma line and the sentence's translation. */
const POPUP_TEXTS = {
  en: {
    sentence: 'In this sentence',
    meaning: 'Meaning here',
    formOf: 'Form of be',
    translation: 'Há uma jovem princesa',
  },
  pt: {
    sentence: 'Nesta frase',
    meaning: 'Significado aqui',
    formOf: 'Forma de be',
    translation: 'Há uma jovem princesa',
  },
  es: {
    sentence: 'En esta frase',
    meaning: 'Significado aquí',
    formOf: 'Forma de be',
    translation: 'Hay una joven princesa',
  },
} as const;

for (const [locale, texts] of Object.entries(POPUP_TEXTS) as [
  keyof typeof POPUP_TEXTS,
  (typeof POPUP_TEXTS)['en'],
][]) {
  test(`tapping a word opens its popup in ${locale}`, async ({ page, request }) => {
    const access = await signIn(page, request, locale);
    const { chapterIds } = await findStory(request, access);
    await page.goto(`/chapter/${chapterIds[0]}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    const tapped = page.locator('[data-word]', { hasText: /^is$/ }).first();
    await tapped.click();
    const popup = page.getByRole('dialog', { name: 'is' });
    await expect(popup).toBeVisible();
    await expect(popup.getByText(texts.formOf)).toBeVisible();
    const sentence = popup.getByRole('region', { name: texts.sentence });
    await expect(sentence.locator('mark')).toHaveText('is');
    await expect(sentence).toContainText('There is a young princess in a big castle.');
    await expect(sentence).toContainText(texts.translation);
    await expect(sentence.getByRole('button', { name: /^.+: There is a young princess/ })).toBeVisible();
    const meaning = popup.getByRole('region', { name: texts.meaning });
    await expect(meaning.getByRole('paragraph').first()).not.toBeEmpty();

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(tapped).toBeFocused();
  });
}
