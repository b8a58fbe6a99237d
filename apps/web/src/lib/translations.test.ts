import {
  BILLING_INTERVALS,
  CANCEL_REASONS,
  CARD_STATUSES,
  CATEGORIES,
  DAILY_CHALLENGE_TYPES,
  DECK_ICONS,
  ERROR_MESSAGES,
  GENRES,
  LEARNING_LANGUAGES,
  LEVELS,
  LOCALES,
  MOTIVATIONS,
  PARTS_OF_SPEECH,
  PASSWORD_RULES,
  PROFICIENCIES,
  RANKING_BOARDS,
  RANKING_PERIODS,
  RANKING_SCOPES,
  SUBSCRIPTION_EVENTS,
  SUBSCRIPTION_STATUSES,
} from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import pt from '../../public/locales/pt/translation.json';
import { categoryLabelKey, genreLabelKey, levelLabelKey } from './story-labels';

const catalogues: Record<(typeof LOCALES)[number], Record<string, string>> = { pt, en, es };

/** Keys built at run time from shared constants, which a scan of the source cannot see. */
const dynamicKeys = [
  ...LEARNING_LANGUAGES.map((language) => `language.${language}`),
  ...PROFICIENCIES.flatMap((value) => [
    `onboarding.proficiency.${value}`,
    `onboarding.proficiency.${value}.description`,
  ]),
  ...MOTIVATIONS.flatMap((value) => [
    `onboarding.motivation.${value}`,
    `onboarding.motivation.${value}.description`,
  ]),
  ...PASSWORD_RULES.map((rule) => `password-hint.${rule.code}`),
  ...PARTS_OF_SPEECH.map((pos) => `pos.${pos}`),
  ...LEVELS.map(levelLabelKey),
  ...GENRES.map(genreLabelKey),
  ...CATEGORIES.map(categoryLabelKey),
  ...['in-progress', 'recommended', 'recently-added', 'favorites'].map(
    (section) => `home.section.${section}`,
  ),
  ...DECK_ICONS.map((icon) => `decks.icon.${icon}`),
  ...CARD_STATUSES.map((status) => `flashcard.status.${status}`),
  ...['new', 'pending', 'learned'].map((stat) => `decks.stats.${stat}`),
  ...['graded-reader-modal', 'library-locked'].flatMap((reason) => [
    `modal.offer.${reason}.title`,
    `modal.offer.${reason}.text`,
  ]),
  ...['flashcards', 'decks', 'graded-reader'].flatMap((variant) => [
    `modal.limit-reached.${variant}.title`,
    `limits.${variant}`,
  ]),
  // Subscription settings and the cancel flow.
  ...CANCEL_REASONS.map((reason) => `billing.reason.${reason}`),
  ...SUBSCRIPTION_STATUSES.map((status) => `settings.status.${status}`),
  ...SUBSCRIPTION_EVENTS.flatMap((event) => [`billing.event.${event}.title`, `billing.event.${event}.text`]),
  ...BILLING_INTERVALS.flatMap((interval) => [
    `billing.price-per.${interval}`,
    `settings.subscription.per.${interval}`,
    `settings.invoices.interval.${interval}`,
  ]),
  ...['paid', 'open', 'failed', 'void'].map((status) => `settings.invoices.status.${status}`),
  // The graded reader and the ranking.
  ...DAILY_CHALLENGE_TYPES.map((type) => `graded-reader.challenge.${type}`),
  ...RANKING_PERIODS.map((period) => `ranking.period.${period}`),
  ...RANKING_BOARDS.flatMap((board) => [
    `ranking.board.${board}`,
    ...RANKING_PERIODS.map((period) => `ranking.empty.${board}-${period}`),
  ]),
  ...RANKING_SCOPES.map((scope) => `ranking.scope.${scope}`),
];

/** A key is in a catalogue as itself or, for counted texts, as its plural forms ("_one", "_other"). */
const hasKey = (catalogue: Record<string, string>, key: string) =>
  key in catalogue || `${key}_other` in catalogue;

/** Literal keys passed to t('…') anywhere in the app's source. */
function literalKeysInSource(): string[] {
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.*'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(/\bt\(\s*'([a-z0-9.-]+)'/g)) keys.add(match[1] ?? '');
  }
  return [...keys];
}

describe('translation catalogues', () => {
  it('has one catalogue per supported locale', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has exactly the keys of the other catalogues', (locale) => {
    const keys = new Set(Object.keys(catalogues[locale]));
    for (const other of LOCALES) {
      const missing = Object.keys(catalogues[other]).filter((key) => !keys.has(key));
      expect(missing, `keys in ${other} but not in ${locale}`).toEqual([]);
    }
  });

  it.each(LOCALES)('%s translates every error code of the API', (locale) => {
    const missing = Object.keys(ERROR_MESSAGES).filter((code) => !(code in catalogues[locale]));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s has every key the source uses', (locale) => {
    const literal = literalKeysInSource();
    expect(literal.length, 'the source scan found the t() calls').toBeGreaterThan(50);
    const used = [...literal, ...dynamicKeys];
    expect(used.filter((key) => !hasKey(catalogues[locale], key))).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty texts', (locale) => {
    const empty = Object.entries(catalogues[locale]).filter(([, text]) => !text.trim());
    expect(empty).toEqual([]);
  });
});

describe('counts at zero', () => {
  /** Counted texts a learner sees with a count of 0 (Portuguese would say "0 história" with "_one"). */
  const shownAtZero = [
    'home.results-count',
    'decks.card.cards',
    'decks.card.due',
    'decks.delete.text',
    'flashcards.count',
    'flashcards.count-found',
    'review.correct-so-far',
    'reviewed.text',
    'home.words.known',
  ];

  it.each(['pt', 'es'] as const)('%s words them naturally, without "0" and a singular', (locale) => {
    for (const key of shownAtZero) {
      const text = catalogues[locale][`${key}_zero`];
      expect(text, key).toBeDefined();
      expect(text, key).not.toMatch(/\{\{count\}\}/);
    }
    expect(catalogues.pt['home.results-count_zero']).toBe('Nenhuma história');
    expect(catalogues.es['home.results-count_zero']).toBe('Ninguna historia');
  });
});
