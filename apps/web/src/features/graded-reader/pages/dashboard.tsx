import { Map as MapIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { StateMessage } from '@/components/state-message';
import { hasProAccess, useMe } from '@/lib/me';
import { useDashboard } from '../api/get-dashboard';
import { ChallengesCard } from '../components/challenges-card';
import { LevelCard } from '../components/level-card';
import { PathCard } from '../components/path-card';
import { RankCard } from '../components/rank-card';
import { StreakCard } from '../components/streak-card';
import { isGradedReaderLocked, UpgradeState } from '../components/upgrade-state';

/**
 * /graded-reader: today's challenges with the countdown to their reset, the streak, points and
 * level, this week's rank, and the reading paths of the learner's language (their level first).
 */
export default function GradedReaderPage() {
  const { t } = useTranslation();
  const me = useMe();
  const pro = hasProAccess(me);
  const dashboard = useDashboard(pro);
  const pathsHeading = useId();

  if (!pro || isGradedReaderLocked(dashboard.error)) return <UpgradeState />;

  const data = dashboard.data;
  const failed = dashboard.isError;
  const retry = () => void dashboard.refetch();
  const ownLevel = data?.paths[0]?.level;

  return (
    <div className="grid gap-8">
      <title>{`${t('graded-reader.title')} · Lendo`}</title>
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('graded-reader.title')}
        </h1>
        <p className="text-pretty text-muted">{t('graded-reader.subtitle')}</p>
      </header>

      <div className="grid gap-4 lg:grid-cols-3">
        <ChallengesCard challenges={data?.challenges} failed={failed} onRetry={retry} />
        <StreakCard streak={data?.streak} today={data?.challenges.day} failed={failed} onRetry={retry} />
        {data ? (
          <>
            <div className="grid lg:col-span-2">
              <LevelCard level={data.level} />
            </div>
            <RankCard rank={data.week_rank} points={data.week_points} />
          </>
        ) : (
          !failed && (
            <>
              <Skeleton className="h-44 rounded-card lg:col-span-2" />
              <Skeleton className="h-44 rounded-card" />
            </>
          )
        )}
      </div>

      {!failed && (
        <section aria-labelledby={pathsHeading} className="grid gap-4">
          <div className="grid gap-1">
            <h2 id={pathsHeading} className="text-xl font-bold tracking-tight">
              {t('graded-reader.paths.title')}
            </h2>
            <p className="text-sm text-pretty text-muted">{t('graded-reader.paths.text')}</p>
          </div>
          {!data ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-36 rounded-card" />
              ))}
            </div>
          ) : data.paths.length === 0 ? (
            <StateMessage
              icon={<MapIcon aria-hidden="true" />}
              tone="muted"
              title={t('graded-reader.paths.empty')}
            />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.paths.map((path) => (
                <li key={path.id}>
                  <PathCard path={path} own={path.level === ownLevel} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
