import { useTranslation } from 'react-i18next';
import { formatTimeLeft, timeLeft } from '@/lib/countdown';

const pad = (value: number) => String(value).padStart(2, '0');

/** The offer's countdown as hh:mm:ss tiles (SPEC §4). */
export function OfferCountdown({ until, now }: { until: string; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(until, now);
  const parts = [
    ['hours', left.hours],
    ['minutes', left.minutes],
    ['seconds', left.seconds],
  ] as const;
  return (
    <div
      role="timer"
      aria-label={t('offer.time-left', {
        time: formatTimeLeft(until, now),
      })}
      className="flex items-start justify-center gap-2"
    >
      {parts.map(([unit, value], index) => (
        <div key={unit} className="flex items-start gap-2">
          {index > 0 && (
            <span aria-hidden="true" className="pt-2 text-xl font-bold text-muted">
              :
            </span>
          )}
          <div aria-hidden="true" className="grid justify-items-center">
            <span className="min-w-14 rounded-field bg-ink px-2 py-2 text-center text-2xl font-bold text-surface tabular-nums">
              {pad(value)}
            </span>
            <span className="mt-1 text-xs text-muted">{t(`offer.${unit}`)}</span>
          </div>
        </div>
      ))}
    </div>
  );
}
