import { expect, test, type Page } from '@playwright/test';
import { GENRES, LEVELS, type LearningLanguage } from '@lendo/shared';
import { readLibrary } from '../../packages/content/src/library.ts';
import { createAccount, storeTokens } from '../support/api.ts';
import { text, type Locale } from '../support/i18n.ts';

/** The library as shipped: the counts each filter must find. */
const library = readLibrary().map(({ story }) => story);

/** Each learning language read through a different interface language. */
const READERS: { language: LearningLanguage; locale: Locale }[] = [
  { language: 'en', locale: 'pt' },
  { language: 'es', locale: 'en' },
  { language: 'pt', locale: 'es' },
];

const countText = (locale: Locale, count: number) =>
  text(locale, count === 1 ? 'home.results-count_one' : 'home.results-count_other', { count: String(count) });

/** Picks `option` in the home page's filter named `filter`, and waits for the results it asks for. */
async function choose(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const { language, locale } of READERS) {
  test(`every genre and every level has stories in ${language} (interface ${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { tokens } = await createAccount(request, { onboarded: true, locale, language });
    await storeTokens(page, tokens);
    await page.goto('/');
    const stories = library.filter((story) => story.language === language);
    const results = page.getByRole('main').getByRole('listitem');

    for (const genre of GENRES) {
      const label = text(locale, `genre.${genre}`);
      await choose(page, text(locale, 'home.filter.genre'), label);
      await expect(page).toHaveURL(new RegExp(`genre=${genre}`));
      const expected = stories.filter((story) => story.genre === genre).length;
      expect(expected, `${language} ${genre}`).toBeGreaterThan(0);
      await expect(page.getByRole('heading', { level: 2, name: countText(locale, expected) })).toBeVisible();
      await expect(results).toHaveCount(expected);
    }
    await choose(page, text(locale, 'home.filter.genre'), text(locale, 'home.filter.all-genres'));
    await expect(page).not.toHaveURL(/genre=/);

    for (const level of LEVELS) {
      const label = text(locale, `level.${level}`);
      await choose(page, text(locale, 'home.filter.difficulty'), label);
      await expect(page).toHaveURL(new RegExp(`difficulty=${level}`));
      const expected = stories.filter((story) => story.level === level).length;
      expect(expected, `${language} ${level}`).toBeGreaterThanOrEqual(4);
      await expect(page.getByRole('heading', { level: 2, name: countText(locale, expected) })).toBeVisible();
      await expect(results).toHaveCount(expected);
      for (const card of await results.all()) await expect(card).toContainText(label);
    }
  });
}
