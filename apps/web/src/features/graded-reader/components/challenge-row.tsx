import type { DailyChallenge } from '@lendo/shared';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/progress-bar';
import { cx } from '@/lib/cx';
import { CHALLENGE_ICONS, challengeLabelKey } from '../challenge-types';
import { challengeFraction } from '../progress';

/** One daily challenge: its icon, what to do, a progress bar and the count, ticked when done. */
export function ChallengeRow({
  challenge,
  highlight = false,
}: {
  challenge: DailyChallenge;
  highlight?: boolean;
}) {
  const { t } = useTranslation();
  const Icon = CHALLENGE_ICONS[challenge.type];
  const label = t(challengeLabelKey(challenge.type), { count: challenge.target });
  const shown = Math.min(challenge.progress, challenge.target);
  return (
    <div
      className={cx(
        'flex items-center gap-3 rounded-field p-3 text-left',
        highlight ? 'bg-success-soft' : 'bg-surface-muted/60',
      )}
    >
      <span
        className={cx(
          'grid size-11 shrink-0 place-items-center rounded-xl',
          challenge.completed ? 'bg-success text-surface' : 'bg-brand-soft text-brand-ink',
        )}
      >
        {challenge.completed ? (
          <Check aria-hidden="true" className="size-5" strokeWidth={3} />
        ) : (
          <Icon aria-hidden="true" className="size-5" />
        )}
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cx('font-semibold text-pretty', challenge.completed && 'text-success')}>{label}</p>
          <p className="shrink-0 text-sm font-semibold text-muted tabular-nums">
            {challenge.completed ? (
              <span className="sr-only">{t('graded-reader.challenge-done')}</span>
            ) : null}
            <span aria-hidden={challenge.completed || undefined}>
              {shown}/{challenge.target}
            </span>
          </p>
        </div>
        <ProgressBar
          value={challengeFraction(challenge)}
          label={label}
          valueText={t('graded-reader.progress-of', { done: shown, total: challenge.target })}
        />
      </div>
    </div>
  );
}
