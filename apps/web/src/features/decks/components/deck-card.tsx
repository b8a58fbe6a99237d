import type { Deck } from '@lendo/shared';
import { CalendarClock, EllipsisVertical, History, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { lastReviewText, nextReviewText } from '../review-dates';
import { DeckIconTile } from './deck-icon';
import { DeckStats } from './deck-stats';

/**
 * A deck in the list: icon, name, description, counts, cards and review dates. The card opens the
 * deck summary; its menu button opens the edit/delete chooser.
 */
export function DeckCard({ deck }: { deck: Deck }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const due = deck.stats.pending_review;
  return (
    <article className="relative flex h-full flex-col gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60 transition duration-200 hover:-translate-y-0.5 hover:shadow-pop has-[h3_button:focus-visible]:outline-3 has-[h3_button:focus-visible]:outline-offset-2">
      <div className="flex items-start gap-3.5 pr-10">
        <DeckIconTile icon={deck.icon} />
        <div className="min-w-0 flex-1">
          <h3 className="font-bold tracking-tight wrap-anywhere text-balance">
            {/* The button's ::after stretches over the whole card: a click anywhere opens the summary. */}
            <button
              type="button"
              onClick={() => openModal('deck-summary', { deck })}
              className="text-left outline-none after:absolute after:inset-0 after:rounded-card"
            >
              {deck.name}
            </button>
          </h3>
          {deck.description && (
            <p className="mt-0.5 line-clamp-2 text-sm text-pretty text-muted">{deck.description}</p>
          )}
        </div>
      </div>
      {due > 0 && (
        <p className="-mt-1 inline-flex self-start rounded-full bg-pro-soft px-2.5 py-1 text-xs font-semibold text-pro">
          {t('decks.card.due', { count: due })}
        </p>
      )}
      <DeckStats stats={deck.stats} compact />
      <ul className="mt-auto grid gap-1 border-t border-line pt-3 text-xs text-muted">
        <li className="flex items-center gap-1.5">
          <Layers aria-hidden="true" className="size-3.5 shrink-0" />
          {t('decks.card.cards', { count: deck.card_count })}
        </li>
        <li className="flex items-center gap-1.5">
          <History aria-hidden="true" className="size-3.5 shrink-0" />
          {t('decks.card.last-review', { when: lastReviewText(deck.last_review, locale, t) })}
        </li>
        <li className="flex items-center gap-1.5">
          <CalendarClock aria-hidden="true" className="size-3.5 shrink-0" />
          {t('decks.card.next-review', { when: nextReviewText(deck.next_review, locale, t) })}
        </li>
      </ul>
      <button
        type="button"
        onClick={() => openModal('deck-options', { deck })}
        className="absolute top-3 right-3 z-10 grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
      >
        <EllipsisVertical aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('decks.card.options', { name: deck.name })}</span>
      </button>
    </article>
  );
}

export function DeckCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60"
    >
      <div className="flex gap-3.5">
        <div className="size-12 animate-pulse rounded-xl bg-surface-muted" />
        <div className="grid flex-1 gap-2 pt-1">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-full" />
        </div>
      </div>
      <Skeleton className="h-4 w-3/4" />
      <div className="grid gap-2 border-t border-line pt-3">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
