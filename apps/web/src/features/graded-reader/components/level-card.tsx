import type { LevelProgress } from '@lendo/shared';
import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '@/components/level-badge';
import { ProgressBar } from '@/components/progress-bar';
import { currentLocale } from '@/lib/i18n';
import { levelLabelKey } from '@/lib/story-labels';
import { levelFraction, pointsToNextLevel } from '../progress';
import { DashboardCard } from './dashboard-card';

/** All-time points, the level they reach and the progress to the next one. */
export function LevelCard({ level }: { level: LevelProgress }) {
  const { t } = useTranslation();
  const heading = useId();
  const number = new Intl.NumberFormat(currentLocale());
  const left = pointsToNextLevel(level);
  return (
    <DashboardCard
      labelledBy={heading}
      icon={Sparkles}
      title={<span id={heading}>{t('graded-reader.level.title')}</span>}
    >
      <div className="flex items-end justify-between gap-3">
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight tabular-nums">
            {number.format(level.points)}
          </span>
          <span className="font-semibold">{t('graded-reader.points', { count: level.points })}</span>
        </p>
        <LevelBadge level={level.level} />
      </div>
      <ProgressBar
        value={levelFraction(level)}
        label={t('graded-reader.level.progress')}
        valueText={
          level.next_level_points === null
            ? t('graded-reader.level.top')
            : t('graded-reader.progress-of', {
                done: number.format(level.points),
                total: number.format(level.next_level_points),
              })
        }
        className="h-2.5"
      />
      <p className="text-sm text-pretty text-muted">
        {left === null || level.next_level === null
          ? t('graded-reader.level.top')
          : t('graded-reader.level.to-next', {
              count: left,
              points: number.format(left),
              level: t(levelLabelKey(level.next_level)),
            })}
      </p>
    </DashboardCard>
  );
}
