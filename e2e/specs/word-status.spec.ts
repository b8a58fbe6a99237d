import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { openFrogPrince } from '../support/api.ts';

/** What the reader says about word status, per interface language. */
const TEXTS = {
  en: {
    page: (n: number) => `Page ${n} of 2`,
    toggle: 'Word colours',
    settings: 'Reading settings',
    source: 'Story glossary',
    meaning: 'Meaning here',
    castle: 'castelo',
    learning: 'Learning',
    known: 'Known',
    ignored: 'Ignored',
    markKnown: /^Mark \d+ new words as known and continue$/,
    previous: 'Previous page',
    yourWords: 'Your words',
    wordsYouKnow: /words you know/,
  },
  pt: {
    page: (n: number) => `Página ${n} de 2`,
    toggle: 'Cores das palavras',
    settings: 'Configurações de leitura',
    source: 'Glossário da história',
    meaning: 'Significado aqui',
    castle: 'castelo',
    learning: 'Aprendendo',
    known: 'Conhecida',
    ignored: 'Ignorada',
    markKnown: /^Marcar \d+ palavras novas como conhecidas e continuar$/,
    previous: 'Página anterior',
    yourWords: 'Suas palavras',
    wordsYouKnow: /palavras que você conhece/,
  },
  es: {
    page: (n: number) => `Página ${n} de 2`,
    toggle: 'Colores de las palabras',
    settings: 'Ajustes de lectura',
    source: 'Glosario del cuento',
    meaning: 'Significado aquí',
    castle: 'castillo',
    learning: 'Aprendiendo',
    known: 'Conocida',
    ignored: 'Ignorada',
    markKnown: /^Marcar \d+ palabras nuevas como conocidas y continuar$/,
    previous: 'Página anterior',
    yourWords: 'Tus palabras',
    wordsYouKnow: /palabras que conoces/,
  },
} as const;

type Locale = keyof typeof TEXTS;

const text = (page: Page, locale: Locale, n: number) =>
  page.getByRole('group', { name: TEXTS[locale].page(n) });

/** The word-colour switch, in the reader's settings (a popover on desktop, a sheet on phones). */
async function colourSwitch(page: Page, locale: Locale) {
  await page.getByRole('button', { name: TEXTS[locale].settings }).click();
  return page
    .getByRole('dialog', { name: TEXTS[locale].settings })
    .getByRole('switch', { name: TEXTS[locale].toggle });
}

/** Closes the reader's settings. */
async function closeSettings(page: Page, locale: Locale) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: TEXTS[locale].settings })).toBeHidden();
}

for (const locale of ['pt', 'en', 'es'] as const) {
  const t = TEXTS[locale];

  test(`colours words by status, sets them from the popup and marks a page known (${locale})`, async ({
    page,
    request,
  }) => {
    await openFrogPrince(page, request, locale);
    const page1 = text(page, locale, 1);
    await expect(await colourSwitch(page, locale)).toBeChecked();
    await closeSettings(page, locale);
    // By its markup, not its role: an open popup hides the text behind it from assistive technology.
    const castle = page.locator('[data-word]').filter({ hasText: /^castle$/ });
    await expect(castle).toHaveAttribute('data-status', 'new');
    await expect(page1.locator('[data-status="new"]').first()).toBeVisible();

    // Tapping the word explains it from the story's glossary and makes it a word being learned.
    await castle.click();
    const popup = page.getByRole('dialog', { name: 'castle' });
    const meaning = popup.getByRole('region', { name: t.meaning });
    await expect(meaning.getByText(t.castle, { exact: true })).toBeVisible();
    await expect(meaning.getByText(t.source)).toBeVisible();
    await expect(popup.getByRole('radio', { name: t.learning })).toBeChecked();
    await expect(castle).toHaveAttribute('data-status', 'learning');
    await expectAccessible(page);

    // Keys set the status while the popup is open: K known, I ignore, 1 learning.
    await page.keyboard.press('k');
    await expect(popup.getByRole('radio', { name: t.known })).toBeChecked();
    await expect(castle).toHaveAttribute('data-status', 'known');
    await page.keyboard.press('i');
    await expect(popup.getByRole('radio', { name: t.ignored })).toBeChecked();
    await page.keyboard.press('1');
    await expect(popup.getByRole('radio', { name: t.learning })).toBeChecked();
    await popup.getByRole('radio', { name: t.known }).click();
    await expect(castle).toHaveAttribute('data-status', 'known');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    // The rest of the page's new words become known as the page turns.
    const markKnown = page.getByRole('button', { name: t.markKnown });
    const marked = page.waitForResponse((res) => res.url().endsWith('/api/words/statuses/known/'));
    await markKnown.click();
    expect((await marked).ok()).toBe(true);
    await expect(text(page, locale, 2)).toBeVisible();
    await page.getByRole('button', { name: t.previous }).click();
    await expect(page1.getByRole('button', { name: 'princess' }).first()).toHaveAttribute(
      'data-status',
      'known',
    );
    await expect(page1.locator('[data-status="new"]')).toHaveCount(0);
    await expect(markKnown).toBeHidden();

    // Statuses live on the server: they are there after a reload, and home counts them.
    await page.reload();
    await page.getByRole('button', { name: t.previous }).click();
    await expect(castle).toHaveAttribute('data-status', 'known');
    await page.goto('/');
    const words = page.getByRole('region', { name: t.yourWords });
    await expect(words).toContainText(t.wordsYouKnow);
    const known = Number((await words.getByRole('strong').first().innerText()).replace(/\D/g, ''));
    expect(known).toBeGreaterThanOrEqual(25);
  });
}

test('word colours can be turned off, and stay off on this device', async ({ page, request }) => {
  await openFrogPrince(page, request, 'en');
  const page1 = text(page, 'en', 1);
  await expect(page1.locator('[data-status]').first()).toBeVisible();
  await (await colourSwitch(page, 'en')).click();
  await closeSettings(page, 'en');
  await expect(page1.locator('[data-status]')).toHaveCount(0);
  await page.reload();
  await expect(await colourSwitch(page, 'en')).not.toBeChecked();
  await closeSettings(page, 'en');
  await expect(text(page, 'en', 1).getByRole('button', { name: 'castle', exact: true })).toBeVisible();
  await expect(text(page, 'en', 1).locator('[data-status]')).toHaveCount(0);
});

/** What the popup says once the month's translations are used up, per interface language. */
const USED_UP = {
  en: {
    message: 'You have used all the translations of your plan this month.',
    sentence: 'Há uma jovem princesa em um grande castelo.',
    dictionary: 'Dictionary',
    translation: 'castelo',
    seePlans: 'See plans',
    title: "You've used this month's translations",
  },
  pt: {
    message: 'Você usou todas as traduções do seu plano neste mês.',
    sentence: 'Há uma jovem princesa em um grande castelo.',
    dictionary: 'Dicionário',
    translation: 'castelo',
    seePlans: 'Ver planos',
    title: 'Você usou as traduções deste mês',
  },
  es: {
    message: 'Has usado todas las traducciones de tu plan este mes.',
    sentence: 'Hay una joven princesa en un gran castillo.',
    dictionary: 'Diccionario',
    translation: 'castillo',
    seePlans: 'Ver planes',
    title: 'Usaste las traducciones de este mes',
  },
} as const;

for (const locale of ['pt', 'en', 'es'] as const) {
  const u = USED_UP[locale];

  test(`with the monthly translations used up, the popup still helps and offers Pro without retrying (${locale})`, async ({
    page,
    request,
  }) => {
    const { tokens } = await openFrogPrince(page, request, locale);
    // Spend the basic plan's 100 translations through the API.
    const headers = { authorization: `Bearer ${tokens.access}` };
    for (let i = 0; i < 100; i++) {
      const res = await request.get('/api/ai/word-context/', {
        params: { word: 'ball', sentence: 'She has a golden ball.', language: 'en' },
        headers,
      });
      expect(res.ok()).toBe(true);
    }
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/ai/word-context/')) asked.push(req.url());
    });

    await text(page, locale, 1).getByRole('button', { name: 'castle', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'castle' });
    const meaning = popup.getByRole('region', { name: TEXTS[locale].meaning });
    await expect(meaning.getByText(u.message)).toBeVisible();
    // The sentence's translation and the dictionary do not count against the allowance.
    await expect(popup.getByText(u.sentence)).toBeVisible();
    await expect(
      popup.getByRole('region', { name: u.dictionary }).getByText(u.translation).first(),
    ).toBeVisible();
    expect(asked).toHaveLength(1);

    await meaning.getByRole('button', { name: u.seePlans }).click();
    await expect(page.getByRole('dialog', { name: u.title })).toBeVisible();
    await expectAccessible(page);
    expect(asked).toHaveLength(1);
  });
}
