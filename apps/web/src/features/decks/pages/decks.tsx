import { LEARNING_LANGUAGES, type Deck, type LearningLanguage } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CloudOff, Layers, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { StateMessage } from '@/components/state-message';
import { RetryButton } from '@/components/retry-button';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useFeatureAccess } from '@/lib/feature-access';
import { useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { decksQueryOptions, useDecks } from '../api/get-decks';
import { statisticsSummaryQueryOptions } from '../api/get-statistics-summary';
import { DeckCard, DeckCardSkeleton } from '../components/deck-card';
import { StatisticsStrip } from '../components/statistics-strip';

/** Starts loading the decks and the statistics while the page's code loads; the page has skeletons. */
export function loader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(decksQueryOptions());
    void queryClient.prefetchQuery(statisticsSummaryQueryOptions());
    return null;
  };
}

const isLanguage = (value: string | null): value is LearningLanguage =>
  (LEARNING_LANGUAGES as readonly (string | null)[]).includes(value);

/** The languages to switch between: the one studied, and every other one that has a deck. */
function languagesOf(decks: Deck[], studied: LearningLanguage | null): LearningLanguage[] {
  const present = new Set(decks.map((deck) => deck.language));
  if (studied) present.add(studied);
  return LEARNING_LANGUAGES.filter((language) => present.has(language));
}

/** Create is held back until the plan check answers; a plan with no deck left gets the upgrade prompt. */
function CreateDeckButton({ language }: { language: LearningLanguage }) {
  const { t } = useTranslation();
  const access = useFeatureAccess('create_deck');
  return (
    <Button
      disabled={access === undefined}
      onClick={() =>
        access ? openModal('deck-form', { language }) : openModal('limit-reached', { variant: 'decks' })
      }
    >
      <Plus aria-hidden="true" className="size-5" />
      {t('decks.create')}
    </Button>
  );
}

function LanguageTabs({
  languages,
  value,
  onChange,
}: {
  languages: LearningLanguage[];
  value: LearningLanguage;
  onChange: (language: LearningLanguage) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('decks.languages')} className="flex flex-wrap gap-2">
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          aria-current={language === value ? 'true' : undefined}
          onClick={() => onChange(language)}
          className={cx(
            'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 transition-colors ring-inset',
            language === value
              ? 'bg-ink text-canvas ring-ink'
              : 'text-muted ring-line hover:bg-surface hover:text-ink',
          )}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </nav>
  );
}

/**
 * /decks (SPEC §2): the learner's statistics and their decks in one language (the one studied unless
 * ?language= says otherwise). A deck opens its summary; its menu edits or deletes it.
 */
export default function DecksPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const decks = useDecks();
  const asked = params.get('language');
  const language: LearningLanguage = isLanguage(asked) ? asked : (me.learning_language ?? 'en');
  const languages = languagesOf(decks.data ?? [], me.learning_language);
  const shown = decks.data?.filter((deck) => deck.language === language);

  let list;
  if (decks.isError) {
    list = (
      <div role="alert">
        <StateMessage icon={<CloudOff aria-hidden="true" />} tone="danger" title={t('decks.error.title')}>
          <p className="text-pretty text-muted">{t(errorCodeOf(decks.error))}</p>
          <RetryButton onClick={() => void decks.refetch()} />
        </StateMessage>
      </div>
    );
  } else if (!shown) {
    list = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <DeckCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (shown.length === 0) {
    list = (
      <StateMessage icon={<Layers aria-hidden="true" />} title={t('decks.empty.title')}>
        <p className="text-pretty text-muted">
          {t('decks.empty.text', { language: t(`language.${language}`) })}
        </p>
      </StateMessage>
    );
  } else {
    list = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((deck) => (
          <li key={deck.id}>
            <DeckCard deck={deck} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6 sm:gap-8">
      <title>{`${t('decks.title')} · Lendo`}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('decks.title')}</h1>
          <p className="mt-2 max-w-prose text-pretty text-muted">{t('decks.subtitle')}</p>
        </div>
        <CreateDeckButton language={language} />
      </header>
      <StatisticsStrip />
      <section aria-labelledby="decks-heading" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="decks-heading" className="text-xl font-bold tracking-tight">
            {t('decks.list-title', { language: t(`language.${language}`) })}
          </h2>
          {languages.length > 1 && (
            <LanguageTabs
              languages={languages}
              value={language}
              onChange={(next) => setParams({ language: next }, { replace: true, preventScrollReset: true })}
            />
          )}
        </div>
        {list}
      </section>
    </div>
  );
}
