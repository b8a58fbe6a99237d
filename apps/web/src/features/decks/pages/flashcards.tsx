import type { QueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight, CloudOff, Layers, Play, Plus, SearchX } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { SearchField } from '@/components/search-field';
import { StateMessage } from '@/components/state-message';
import { RetryButton } from '@/components/retry-button';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { deckQueryOptions, useDeck } from '../api/get-deck';
import { flashcardsQueryOptions, useFlashcards, type FlashcardSearch } from '../api/get-flashcards';
import { DeckIconTile } from '../components/deck-icon';
import { DeckStats } from '../components/deck-stats';
import { FlashcardItem, FlashcardItemSkeleton } from '../components/flashcard-item';

/** The longest search the API takes. */
const QUERY_MAX_LENGTH = 100;

/** The page and search of the address; anything odd falls back to the first page of all cards. */
function parseSearch(params: URLSearchParams): FlashcardSearch {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    query: (params.get('query') ?? '').trim().slice(0, QUERY_MAX_LENGTH),
  };
}

/** Waits for the deck (its name heads the page; an unknown one is a not-found page); starts the cards. */
export function loader(queryClient: QueryClient) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const deckId = params.deckId ?? '';
    void queryClient.prefetchQuery(
      flashcardsQueryOptions(deckId, parseSearch(new URL(request.url).searchParams)),
    );
    await queryClient.ensureQueryData(deckQueryOptions(deckId));
    return null;
  };
}

/** /flashcards/{deck_id} (SPEC §2): the deck's cards, searched and paged through the address. */
export default function FlashcardsPage() {
  const { t } = useTranslation();
  const { deckId = '' } = useParams();
  const deck = useDeck(deckId);
  const [params, setParams] = useSearchParams();
  const search = parseSearch(params);
  const cards = useFlashcards(deckId, search);
  const headingId = useId();
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.count / cards.data.page_size)) : 1;
  const format = new Intl.NumberFormat(currentLocale());

  const update = (next: Partial<FlashcardSearch>) => {
    const merged = { ...search, ...next };
    const query = new URLSearchParams();
    if (merged.query) query.set('query', merged.query);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query, { preventScrollReset: 'query' in next });
  };
  const addCard = () => openModal('flashcard', { deckId: deck.id, language: deck.language });

  // A page past the end (the last card of the last page was deleted): show the last page instead.
  const lastPage = cards.data && !cards.isPlaceholderData && search.page > pages ? pages : null;
  useEffect(() => {
    if (lastPage)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('page', String(lastPage));
          return next;
        },
        { replace: true },
      );
  }, [lastPage, setParams]);

  let list;
  if (cards.isError) {
    list = (
      <div role="alert">
        <StateMessage
          icon={<CloudOff aria-hidden="true" />}
          tone="danger"
          title={t('flashcards.error.title')}
        >
          <p className="text-pretty text-muted">{t(errorCodeOf(cards.error))}</p>
          <RetryButton onClick={() => void cards.refetch()} />
        </StateMessage>
      </div>
    );
  } else if (!cards.data) {
    list = (
      <div className="grid gap-3 sm:grid-cols-2">
        {[0, 1, 2, 3].map((index) => (
          <FlashcardItemSkeleton key={index} />
        ))}
      </div>
    );
  } else if (cards.data.count === 0 && search.query) {
    list = (
      <StateMessage
        icon={<SearchX aria-hidden="true" />}
        tone="muted"
        title={t('flashcards.no-match.title', { query: search.query })}
      >
        <p className="text-pretty text-muted">{t('flashcards.no-match.text')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => update({ query: '', page: 1 })}>
          {t('common.clear-search')}
        </Button>
      </StateMessage>
    );
  } else if (cards.data.count === 0) {
    list = (
      <StateMessage icon={<Layers aria-hidden="true" />} title={t('flashcards.empty.title')}>
        <p className="text-pretty text-muted">{t('flashcards.empty.text')}</p>
        <Button className="mt-2" onClick={addCard}>
          <Plus aria-hidden="true" className="size-5" />
          {t('flashcards.add')}
        </Button>
      </StateMessage>
    );
  } else {
    list = (
      <>
        <ul className={`grid gap-3 sm:grid-cols-2 ${cards.isPlaceholderData ? 'opacity-60' : ''}`}>
          {cards.data.results.map((card) => (
            <li key={card.id}>
              <FlashcardItem card={card} />
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label={t('flashcards.pages')} className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              disabled={search.page <= 1}
              onClick={() => update({ page: search.page - 1 })}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
              {t('flashcards.previous')}
            </Button>
            <p className="text-sm font-medium text-muted tabular-nums">
              {t('flashcards.page-of', { page: format.format(search.page), pages: format.format(pages) })}
            </p>
            <Button
              variant="secondary"
              disabled={search.page >= pages}
              onClick={() => update({ page: search.page + 1 })}
            >
              {t('flashcards.next')}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <div className="grid gap-6 sm:gap-8">
      <title>{`${deck.name} · ${t('decks.title')} · Lendo`}</title>
      <div>
        <Link
          to="/decks"
          className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-field px-2 text-sm font-semibold text-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('flashcards.back')}
        </Link>
        <header className="mt-3 flex flex-wrap items-start gap-4">
          <DeckIconTile icon={deck.icon} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-balance sm:text-3xl">
              {deck.name}
            </h1>
            <p className="mt-1 text-sm text-muted">
              {t(`language.${deck.language}`)} · {t('decks.card.cards', { count: deck.card_count })}
              {deck.stats.pending_review > 0 && (
                <> · {t('decks.card.due', { count: deck.stats.pending_review })}</>
              )}
            </p>
            {deck.description && (
              <p className="mt-2 max-w-prose text-pretty text-muted">{deck.description}</p>
            )}
            <DeckStats stats={deck.stats} compact className="mt-2" />
          </div>
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:self-center">
            <Button variant="secondary" onClick={addCard}>
              <Plus aria-hidden="true" className="size-5" />
              {t('flashcards.add')}
            </Button>
            <Link to={`/review/${deck.id}`} className={buttonClasses()}>
              <Play aria-hidden="true" className="size-5" />
              {t('decks.summary.review')}
            </Link>
          </div>
        </header>
      </div>
      <section aria-labelledby={headingId} className="grid gap-4">
        <h2 id={headingId} className="sr-only">
          {t('flashcards.title')}
        </h2>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,28rem)_1fr] sm:items-center">
          <SearchField
            value={search.query}
            onSearch={(query) => update({ query, page: 1 })}
            label={t('flashcards.search-label')}
            placeholder={t('flashcards.search-placeholder')}
            maxLength={QUERY_MAX_LENGTH}
          />
          {cards.data && cards.data.count > 0 && (
            <p role="status" className="text-sm text-muted sm:justify-self-end">
              {t(search.query ? 'flashcards.count-found' : 'flashcards.count', { count: cards.data.count })}
            </p>
          )}
        </div>
        {list}
      </section>
    </div>
  );
}
