import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { openFrogPrince } from '../support/api.ts';

/** What the reading page says, per interface language. */
const TEXTS = {
  en: {
    page: 'Page 1 of 2',
    settings: 'Reading settings',
    large: 'Large',
    medium: 'Medium',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
    sepia: 'Sepia',
    colours: 'Word colours',
    translate: "Show the sentence's translation",
    translation: 'Há uma jovem princesa em um grande castelo.',
    translationLang: 'pt',
    listen: 'Listen to this page',
    stop: 'Stop reading aloud',
    audioUsedUp: "You've used this month's audio",
    createFlashcard: 'Create flashcard',
    dictionary: 'Dictionary',
  },
  pt: {
    page: 'Página 1 de 2',
    settings: 'Configurações de leitura',
    large: 'Grande',
    medium: 'Médio',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Escuro',
    sepia: 'Sépia',
    colours: 'Cores das palavras',
    translate: 'Mostrar a tradução da frase',
    translation: 'Há uma jovem princesa em um grande castelo.',
    translationLang: 'pt',
    listen: 'Ouvir esta página',
    stop: 'Parar a leitura em voz alta',
    audioUsedUp: 'Você usou o áudio deste mês',
    createFlashcard: 'Criar flashcard',
    dictionary: 'Dicionário',
  },
  es: {
    page: 'Página 1 de 2',
    settings: 'Ajustes de lectura',
    large: 'Grande',
    medium: 'Mediano',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Oscuro',
    sepia: 'Sepia',
    colours: 'Colores de las palabras',
    translate: 'Mostrar la traducción de la oración',
    translation: 'Hay una joven princesa en un gran castillo.',
    translationLang: 'es',
    listen: 'Escuchar esta página',
    stop: 'Detener la lectura en voz alta',
    audioUsedUp: 'Usaste el audio de este mes',
    createFlashcard: 'Crear flashcard',
    dictionary: 'Diccionario',
  },
} as const;

type Locale = keyof typeof TEXTS;

/** The page's background colour in each theme (the canvas token). */
const CANVAS = {
  light: 'rgb(247, 246, 242)',
  dark: 'rgb(16, 17, 22)',
  sepia: 'rgb(244, 236, 216)',
} as const;

/** Opens The Frog Prince for a new learner (interface in `locale`); returns its first page's text. */
async function openFrogPrinceText(page: Page, request: APIRequestContext, locale: Locale) {
  await openFrogPrince(page, request, locale);
  const text = page.getByRole('group', { name: TEXTS[locale].page });
  await expect(text).toBeVisible({ timeout: 20_000 });
  return text;
}

const canvas = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** The story text's font size; by its markup, since an open sheet hides the text from the accessibility tree. */
const fontSize = (page: Page) =>
  page
    .locator('[data-sentence]')
    .first()
    .evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize));

/** Opens the settings (a popover on desktop, a sheet on phones) and returns them. */
async function openSettings(page: Page, locale: Locale) {
  await page.getByRole('button', { name: TEXTS[locale].settings }).click();
  const settings = page.getByRole('dialog', { name: TEXTS[locale].settings });
  await expect(settings).toBeVisible();
  return settings;
}

for (const locale of ['pt', 'en', 'es'] as const) {
  const t = TEXTS[locale];

  test(`reader settings follow the system's dark mode and are remembered on this device (${locale})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const text = await openFrogPrinceText(page, request, locale);
    // The system is dark, so the whole app is, and it stays readable.
    await expect.poll(() => canvas(page)).toBe(CANVAS.dark);
    await expectAccessible(page);

    let settings = await openSettings(page, locale);
    await expect(settings.getByRole('radio', { name: t.system })).toBeChecked();
    await expect(settings.getByRole('radio', { name: t.medium })).toBeChecked();
    await expect(settings.getByRole('switch', { name: t.colours })).toBeChecked();
    const before = await fontSize(page);
    await settings.getByRole('radio', { name: t.large }).check();
    await settings.getByRole('radio', { name: t.sepia }).check();
    await expect.poll(() => canvas(page)).toBe(CANVAS.sepia);
    expect(await fontSize(page)).toBeGreaterThan(before);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();

    // Remembered after a reload.
    await page.reload();
    await expect(text).toBeVisible();
    await expect.poll(() => canvas(page)).toBe(CANVAS.sepia);
    expect(await fontSize(page)).toBeGreaterThan(before);
    settings = await openSettings(page, locale);
    await expect(settings.getByRole('radio', { name: t.large })).toBeChecked();
    await expect(settings.getByRole('radio', { name: t.sepia })).toBeChecked();
  });

  test(`a light reader on a dark system stays light, until the system's choice is back (${locale})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openFrogPrinceText(page, request, locale);
    let settings = await openSettings(page, locale);
    await settings.getByRole('radio', { name: t.light }).check();
    await expect.poll(() => canvas(page)).toBe(CANVAS.light);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('group', { name: t.page })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => canvas(page)).toBe(CANVAS.light);
    settings = await openSettings(page, locale);
    await settings.getByRole('radio', { name: t.dark }).check();
    await expect.poll(() => canvas(page)).toBe(CANVAS.dark);
    await settings.getByRole('radio', { name: t.system }).check();
    await expect.poll(() => canvas(page)).toBe(CANVAS.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => canvas(page)).toBe(CANVAS.light);
  });

  test(`the rest of the app follows the system's colour scheme, whatever the reader's theme (${locale})`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openFrogPrinceText(page, request, locale);
    const settings = await openSettings(page, locale);
    await settings.getByRole('radio', { name: t.sepia }).check();
    await expect.poll(() => canvas(page)).toBe(CANVAS.sepia);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => canvas(page)).toBe(CANVAS.dark);
    await expectAccessible(page);
  });

  test(`a sentence's translation shows on demand, with a click or the keys (${locale})`, async ({
    page,
    request,
  }) => {
    const text = await openFrogPrinceText(page, request, locale);
    const show = text.getByRole('button', { name: t.translate }).first();
    const translation = text.getByText(t.translation);
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await expect(translation).toBeHidden();

    await show.click();
    await expect(translation).toBeVisible();
    await expect(translation).toHaveAttribute('lang', t.translationLang);
    await expect(show).toHaveAttribute('aria-expanded', 'true');
    await expectAccessible(page);
    await show.click();
    await expect(translation).toBeHidden();

    // The button follows its sentence among the words the arrow keys move through.
    await text.getByRole('button', { name: 'castle', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(show).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(translation).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(text.getByRole('button', { name: 'She', exact: true })).toBeFocused();
  });

  test(`reads the page aloud, highlighting the sentence being read, until stopped (${locale})`, async ({
    page,
    request,
  }) => {
    const text = await openFrogPrinceText(page, request, locale);
    const sentences = text.locator('[data-sentence]');
    const spoken: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/tts') spoken.push(url.searchParams.get('text') ?? '');
    });

    await page.getByRole('button', { name: t.listen }).click();
    await expect(sentences.nth(0)).toHaveAttribute('data-reading', 'true');
    await expect(text.locator('[data-reading]')).toHaveCount(1);
    // Once the first sentence has been read, the second is.
    await expect(sentences.nth(1)).toHaveAttribute('data-reading', 'true', { timeout: 30_000 });
    await expect(sentences.nth(0)).not.toHaveAttribute('data-reading');
    expect(spoken.slice(0, 2)).toEqual([
      'There is a young princess in a big castle.',
      'She has a golden ball.',
    ]);

    await page.getByRole('button', { name: t.stop }).click();
    await expect(text.locator('[data-reading]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t.listen })).toBeVisible();
  });

  test(`read-aloud with the month's audio used up offers more (${locale})`, async ({ page, request }) => {
    const text = await openFrogPrinceText(page, request, locale);
    // The server's answer once the plan's audio minutes are spent (GET /tts, 403 limits.audio).
    await page.route(
      (url) => url.pathname === '/api/tts',
      (route) =>
        route.fulfill({
          status: 403,
          json: { message: 'The monthly audio allowance is used up.', code: 'limits.audio' },
        }),
    );
    await page.getByRole('button', { name: t.listen }).click();
    await expect(page.getByRole('dialog', { name: t.audioUsedUp })).toBeVisible();
    await expect(text.locator('[data-reading]')).toHaveCount(0);
  });
}

test('the word popup keeps "create flashcard" in view and leaves the tapped word uncovered', async ({
  page,
  request,
  isMobile,
}) => {
  const text = await openFrogPrinceText(page, request, 'en');
  // Large text puts the page's last words low on the screen: the popup opens above them.
  const settings = await openSettings(page, 'en');
  await settings.getByRole('radio', { name: 'Large' }).check();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  const last = text.locator('[data-word]').last();
  const name = await last.innerText();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  const popup = page.getByRole('dialog', { name });
  await expect(popup.getByRole('region', { name: 'Dictionary' }).getByRole('listitem').first()).toBeVisible();
  const create = popup.getByRole('button', { name: 'Create flashcard' });
  await expect(create).toBeInViewport({ ratio: 1 });

  if (!isMobile) {
    const word = (await last.boundingBox())!;
    const box = (await popup.boundingBox())!;
    const overlaps =
      box.x < word.x + word.width &&
      word.x < box.x + box.width &&
      box.y < word.y + word.height &&
      word.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  await create.click();
  await expect(page.getByRole('dialog', { name: 'New flashcard' })).toBeVisible();
});
