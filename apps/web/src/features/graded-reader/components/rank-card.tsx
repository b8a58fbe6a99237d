import { ChevronRight, Trophy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@/lib/i18n';
import { DashboardCard } from './dashboard-card';

/** This week's place on the world board, and the way to the whole ranking. */
export function RankCard({ rank, points }: { rank: number | null; points: number }) {
  const { t } = useTranslation();
  const heading = useId();
  const number = new Intl.NumberFormat(currentLocale());
  return (
    <DashboardCard
      labelledBy={heading}
      icon={Trophy}
      title={<span id={heading}>{t('graded-reader.rank.title')}</span>}
    >
      {rank === null && points === 0 ? (
        <p className="text-pretty text-muted">{t('graded-reader.rank.none')}</p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-3">
          {rank !== null && (
            <span className="text-4xl font-bold tracking-tight tabular-nums">#{number.format(rank)}</span>
          )}
          <span className="font-semibold text-muted">
            {t('graded-reader.week-points', { count: points, points: number.format(points) })}
          </span>
        </p>
      )}
      <Link
        to="/ranking"
        className="-mx-2 inline-flex min-h-11 items-center gap-1 self-end justify-self-start rounded-field px-2 font-semibold text-brand-ink hover:bg-surface-muted"
      >
        {t('graded-reader.rank.see')}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </DashboardCard>
  );
}
