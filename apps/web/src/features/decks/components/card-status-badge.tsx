import type { CardStatus } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';

const TONES: Record<CardStatus, string> = {
  new: 'bg-brand-soft text-brand-ink',
  learning: 'bg-pro-soft text-pro',
  learned: 'bg-success-soft text-success',
};

/** Where a card stands: new, learning or learned. */
export function CardStatusBadge({ status, className }: { status: CardStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-1 text-xs leading-none font-semibold',
        TONES[status],
        className,
      )}
    >
      {t(`flashcard.status.${status}`)}
    </span>
  );
}
