import type { QueryClient } from '@tanstack/react-query';
import { CalendarClock, Check, Percent, RotateCcw, Sparkles, Trophy, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { buttonClasses } from '@/components/button';
import { currentLocale } from '@/lib/i18n';
import { reviewResumeQueryOptions, useReviewResume } from '../api/get-review-resume';
import { DeckIconTile } from '../components/deck-icon';
import { StatTile } from '../components/stat-tile';
import { nextReviewText } from '../review-dates';
import type { ReviewedState, SessionTally } from '../review-session';

const tallyOf = (state: unknown): SessionTally | null =>
  (state as Partial<ReviewedState> | null)?.tally ?? null;

/** The summary is always asked afresh: a review has just changed it. */
export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.fetchQuery({ ...reviewResumeQueryOptions(params.deckId ?? ''), staleTime: 0 });
    return null;
  };
}

/**
 * /deck-reviewed/{id} (SPEC §2): what the session that just ended answered, and where to go next.
 * Opened without a session (a link, a reload of an old tab), it goes back to the deck.
 */
export default function DeckReviewedPage() {
  const { deckId = '' } = useParams();
  const tally = tallyOf(useLocation().state);
  if (!tally) return <Navigate to={`/flashcards/${deckId}`} replace />;
  return <SessionSummary deckId={deckId} tally={tally} />;
}

function SessionSummary({ deckId, tally }: { deckId: string; tally: SessionTally }) {
  const { t } = useTranslation();
  const resume = useReviewResume(deckId);
  const locale = currentLocale();
  const { deck } = resume;
  const format = new Intl.NumberFormat(locale).format;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format;
  const pending = deck.stats.pending_review;
  const accuracy = tally.reviewed > 0 ? tally.correct / tally.reviewed : 0;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-8 text-center">
      <title>{`${t('reviewed.title')} · ${deck.name} · Lendo`}</title>
      <header className="grid justify-items-center gap-3 pt-4">
        <span className="grid size-20 place-items-center rounded-3xl bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-pop">
          <Trophy aria-hidden="true" className="size-10" />
        </span>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('reviewed.title')}
        </h1>
        <p className="max-w-md text-pretty text-muted">
          {t('reviewed.text', { count: tally.reviewed, deck: deck.name })}
        </p>
      </header>

      <Link
        to={`/flashcards/${deck.id}`}
        className="flex items-center gap-4 rounded-card bg-surface p-4 text-left shadow-card ring-1 ring-line/60 transition-colors hover:bg-surface-muted/60"
      >
        <DeckIconTile icon={deck.icon} />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold wrap-anywhere">{deck.name}</span>
          <span className="block text-sm text-muted">
            {t('decks.card.cards', { count: deck.card_count })}
          </span>
        </span>
      </Link>

      <dl className="grid grid-cols-2 gap-3 text-left sm:grid-cols-3">
        <StatTile
          icon={RotateCcw}
          tone="bg-brand-soft text-brand-ink"
          label={t('reviewed.reviewed')}
          value={format(tally.reviewed)}
        />
        <StatTile
          icon={Check}
          tone="bg-success-soft text-success"
          label={t('reviewed.correct')}
          value={format(tally.correct)}
        />
        <StatTile
          icon={X}
          tone="bg-danger-soft text-danger"
          label={t('reviewed.wrong')}
          value={format(tally.reviewed - tally.correct)}
        />
        <StatTile
          icon={Percent}
          tone="bg-level-intermediate-soft text-level-intermediate"
          label={t('reviewed.accuracy')}
          value={percent(accuracy)}
        />
        <StatTile
          icon={Sparkles}
          tone="bg-level-upper-intermediate-soft text-level-upper-intermediate"
          label={t('reviewed.new-seen')}
          value={format(tally.newSeen)}
        />
        <StatTile
          icon={CalendarClock}
          tone="bg-pro-soft text-pro"
          label={t('reviewed.next-review')}
          value={nextReviewText(resume.next_review, locale, t)}
        />
      </dl>

      <div className="grid gap-3 sm:flex sm:justify-center">
        <Link
          to="/decks"
          className={buttonClasses({ size: 'lg', variant: pending > 0 ? 'secondary' : 'primary' })}
        >
          {t('review.back-to-decks')}
        </Link>
        {pending > 0 && (
          <Link to={`/review/${deck.id}`} className={buttonClasses({ size: 'lg' })}>
            <RotateCcw aria-hidden="true" className="size-5" />
            {t('reviewed.again', { count: pending })}
          </Link>
        )}
      </div>
    </div>
  );
}
