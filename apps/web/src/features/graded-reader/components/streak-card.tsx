import type { Streak } from '@lendo/shared';
import { Flame } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { DashboardCard } from './dashboard-card';
import { WeekDots } from './week-dots';

interface StreakCardProps {
  streak: Streak | undefined;
  today: string | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** The streak in days, the longest one, and this week as dots. */
export function StreakCard({ streak, today, failed, onRetry }: StreakCardProps) {
  const { t } = useTranslation();
  const heading = useId();
  return (
    <DashboardCard
      labelledBy={heading}
      icon={Flame}
      title={<span id={heading}>{t('graded-reader.streak.title')}</span>}
    >
      {failed ? (
        <InlineRetry message={t('graded-reader.streak.error')} onRetry={onRetry} />
      ) : !streak || !today ? (
        <div className="grid gap-3">
          <Skeleton className="h-9 w-32 rounded-field" />
          <Skeleton className="h-14 rounded-field" />
        </div>
      ) : (
        <>
          <div className="flex items-end justify-between gap-3">
            <p className="flex items-baseline gap-2">
              <span className="text-4xl font-bold tracking-tight text-pro tabular-nums">{streak.days}</span>
              <span className="font-semibold">{t('graded-reader.streak.days', { count: streak.days })}</span>
            </p>
            <p className="text-right text-sm text-muted">
              {t('graded-reader.streak.longest', { count: streak.longest })}
            </p>
          </div>
          <WeekDots week={streak.week} today={today} />
          <p className="text-sm text-pretty text-muted">
            {streak.today_done ? t('graded-reader.streak.today-done') : t('graded-reader.streak.today-open')}
          </p>
        </>
      )}
    </DashboardCard>
  );
}
