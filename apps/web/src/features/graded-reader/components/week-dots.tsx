import type { Streak } from '@lendo/shared';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';
import { weekDots } from '../progress';

/** The streak's week, Monday first: a filled dot for each day with a challenge done, today ringed. */
export function WeekDots({ week, today }: { week: Streak['week']; today: string }) {
  const { t } = useTranslation();
  const dots = weekDots(week, today, currentLocale());
  return (
    <ol aria-label={t('graded-reader.streak.week')} className="grid grid-cols-7 gap-1">
      {dots.map((dot) => (
        <li key={dot.day} className="grid justify-items-center gap-1">
          <span
            className={cx(
              'grid size-8 place-items-center rounded-full',
              dot.done ? 'bg-pro text-surface' : 'bg-surface-muted',
              dot.isToday && 'ring-2 ring-brand ring-offset-2 ring-offset-surface',
            )}
          >
            {dot.done && <Check aria-hidden="true" className="size-4" strokeWidth={3} />}
          </span>
          <span
            className={cx('text-xs', dot.isToday ? 'font-bold text-ink' : 'text-muted')}
            aria-hidden="true"
          >
            {dot.short}
          </span>
          <span className="sr-only">
            {t(dot.done ? 'graded-reader.streak.day-done' : 'graded-reader.streak.day-open', {
              day: dot.long,
            })}
            {dot.isToday ? ` (${t('graded-reader.streak.today')})` : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}
