import { Flame, Hourglass, Layers, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useStatisticsSummary } from '../api/get-statistics-summary';
import { StatTile } from './stat-tile';

/** Review streak, cards due, cards created today and cards in all (GET /deck/statistics/summary/). */
export function StatisticsStrip() {
  const { t } = useTranslation();
  const summary = useStatisticsSummary();
  const headingId = useId();
  if (summary.isError)
    return (
      <InlineRetry
        message={t(errorCodeOf(summary.error, 'decks.stats.error'))}
        onRetry={() => void summary.refetch()}
      />
    );
  if (!summary.data)
    return (
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="h-[4.5rem] animate-pulse rounded-card bg-surface-muted" />
        ))}
      </div>
    );
  const { review_streak, pending_review, flashcards_created_today, total_flashcards } = summary.data;
  const format = new Intl.NumberFormat(currentLocale()).format;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('decks.stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          icon={Flame}
          tone="bg-level-advanced-soft text-level-advanced"
          label={t('decks.stats.streak')}
          value={format(review_streak)}
        />
        <StatTile
          icon={Hourglass}
          tone="bg-pro-soft text-pro"
          label={t('decks.stats.pending-total')}
          value={format(pending_review)}
        />
        <StatTile
          icon={Sparkles}
          tone="bg-brand-soft text-brand-ink"
          label={t('decks.stats.created-today')}
          value={format(flashcards_created_today)}
        />
        <StatTile
          icon={Layers}
          tone="bg-success-soft text-success"
          label={t('decks.stats.total')}
          value={format(total_flashcards)}
        />
      </dl>
    </section>
  );
}
