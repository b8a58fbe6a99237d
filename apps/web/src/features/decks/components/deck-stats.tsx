import type { DeckStats as Stats } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';

/**
 * The three counts that split a deck's cards (DESIGN §5), each with its colour: new (brand),
 * learning (amber), learned (green). They add up to the card count; what is due now is shown apart.
 */
const ITEMS = [
  { key: 'new', label: 'decks.stats.new', dot: 'bg-brand' },
  { key: 'learning', label: 'decks.stats.learning', dot: 'bg-pro' },
  { key: 'learned', label: 'decks.stats.learned', dot: 'bg-success' },
] as const;

/** New, learning and learned cards: tiles in the deck summary, a line of chips on a deck card. */
export function DeckStats({
  stats,
  compact = false,
  className,
}: {
  stats: Stats;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const format = new Intl.NumberFormat(currentLocale());
  return (
    <dl
      className={cx(compact ? 'flex flex-wrap gap-x-4 gap-y-1 text-sm' : 'grid grid-cols-3 gap-2', className)}
    >
      {ITEMS.map((item) => (
        <div
          key={item.key}
          className={
            compact
              ? 'flex items-center gap-1.5'
              : 'grid justify-items-center gap-0.5 rounded-field bg-surface-muted px-2 py-3'
          }
        >
          <dt
            className={cx(
              'flex items-center gap-1.5 text-muted',
              compact
                ? 'order-last'
                : 'order-last flex-col gap-1 text-center text-xs font-medium sm:flex-row',
            )}
          >
            <span aria-hidden="true" className={cx('size-2 rounded-full', item.dot, compact && 'hidden')} />
            {t(item.label)}
          </dt>
          <dd
            className={cx(
              'flex items-center gap-1.5 font-bold tabular-nums',
              !compact && 'text-2xl tracking-tight',
            )}
          >
            {compact && <span aria-hidden="true" className={cx('size-2 rounded-full', item.dot)} />}
            {format.format(stats[item.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
