import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../lib/api-client';

const pad = (value: number) => String(value).padStart(2, '0');

/** Hours, minutes and seconds left until `until` (0 when past). */
export function timeLeft(until: string, now: number) {
  const seconds = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return {
    hours: Math.floor(seconds / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

/** The time now by the server's clock, refreshed every second (SPEC §9: countdown refresh 1 s). */
export function useNow(intervalMs = 1000) {
  const [now, setNow] = useState(() => serverNow().getTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow().getTime()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
        time: `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`,
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
