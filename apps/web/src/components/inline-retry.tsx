import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A part of a page that failed to load: say so in one line and offer to try again. */
export function InlineRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      <p>{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-field px-2 font-semibold text-brand-ink hover:bg-surface-muted"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t('common.retry')}
      </button>
    </div>
  );
}
