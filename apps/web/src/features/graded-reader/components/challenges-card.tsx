import type { ChallengesOfDay } from '@lendo/shared';
import { Hourglass, Target } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { formatTimeLeft, useNow } from '@/lib/countdown';
import { ChallengeRow } from './challenge-row';
import { DashboardCard } from './dashboard-card';

/** Time left until the challenges reset at the learner's local midnight, refreshed every second. */
function ResetCountdown({ resetsAt }: { resetsAt: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const time = formatTimeLeft(resetsAt, now);
  return (
    <p
      role="timer"
      aria-label={t('graded-reader.resets-in', { time })}
      className="inline-flex items-center gap-1.5 rounded-full bg-surface-muted px-3 py-1.5 text-sm font-semibold text-muted"
    >
      <Hourglass aria-hidden="true" className="size-4" />
      <span aria-hidden="true">
        {t('graded-reader.resets-in-short')} <span className="text-ink tabular-nums">{time}</span>
      </span>
    </p>
  );
}

interface ChallengesCardProps {
  challenges: ChallengesOfDay | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** Today's three challenges with live progress and the countdown to their reset. */
export function ChallengesCard({ challenges, failed, onRetry }: ChallengesCardProps) {
  const { t } = useTranslation();
  const heading = useId();
  const done = challenges?.challenges.filter((challenge) => challenge.completed).length ?? 0;
  return (
    <DashboardCard
      labelledBy={heading}
      icon={Target}
      title={<span id={heading}>{t('graded-reader.challenges.title')}</span>}
      aside={challenges ? <ResetCountdown resetsAt={challenges.resets_at} /> : null}
      className="lg:col-span-2"
    >
      {failed ? (
        <InlineRetry message={t('graded-reader.challenges.error')} onRetry={onRetry} />
      ) : !challenges ? (
        <div className="grid gap-2">
          {[0, 1, 2].map((slot) => (
            <Skeleton key={slot} className="h-17 rounded-field" />
          ))}
        </div>
      ) : (
        <>
          <p className="text-sm text-muted">
            {t('graded-reader.challenges.done', { count: done, total: challenges.challenges.length })}
          </p>
          <ul className="grid gap-2">
            {challenges.challenges.map((challenge) => (
              <li key={challenge.slot}>
                <ChallengeRow challenge={challenge} />
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardCard>
  );
}
