import type { Flashcard } from '@lendo/shared';
import { History, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { lastReviewText } from '../review-dates';
import { CardStatusBadge } from './card-status-badge';

/** A card of the deck: word, state, front, back and last review. It opens the flashcard modal to edit. */
export function FlashcardItem({ card }: { card: Flashcard }) {
  const { t } = useTranslation();
  const title = card.word || card.front;
  return (
    <article className="relative grid h-full gap-2 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 transition-shadow hover:shadow-pop has-[button:focus-visible]:outline-3 has-[button:focus-visible]:outline-offset-2 sm:p-5">
      <div className="-mt-1.5 -mr-1.5 flex items-center gap-2">
        <h3 lang={card.language} className="min-w-0 flex-1 font-bold tracking-tight wrap-anywhere">
          {title}
        </h3>
        <CardStatusBadge status={card.status} className="shrink-0" />
        {/* The button's ::after stretches over the whole card: a click anywhere edits it. */}
        <button
          type="button"
          onClick={() => openModal('flashcard', { flashcardId: card.id })}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted outline-none after:absolute after:inset-0 after:rounded-card hover:bg-surface-muted hover:text-ink"
        >
          <Pencil aria-hidden="true" className="size-4.5" />
          <span className="sr-only">{t('flashcard.edit-label', { word: title })}</span>
        </button>
      </div>
      <p lang={card.language} className="font-reading text-[17px] leading-snug text-pretty wrap-anywhere">
        {card.front}
      </p>
      <p className="text-sm text-pretty wrap-anywhere text-muted">{card.back}</p>
      <p className="mt-auto flex items-center gap-1.5 pt-1 text-xs text-muted">
        <History aria-hidden="true" className="size-3.5 shrink-0" />
        {t('decks.card.last-review', { when: lastReviewText(card.last_review, currentLocale(), t) })}
      </p>
    </article>
  );
}

export function FlashcardItemSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid gap-3 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60"
    >
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-3 w-2/3" />
    </div>
  );
}
