import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';

/** Marks a story the learner's plan does not read: a lock and "Pro" (read out as what it means). */
export function LockBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full bg-pro-soft px-2.5 py-1 text-xs leading-none font-semibold whitespace-nowrap text-pro',
        className,
      )}
    >
      <Lock aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
      <span aria-hidden="true">{t('story.locked')}</span>
      <span className="sr-only">{t('story.locked-label')}</span>
    </span>
  );
}
