import { i18n } from '@/lib/i18n';
import { Spinner } from './spinner';

/** Whole-page loading state; also shown before the translations arrive, so it reads i18n directly. */
export function PageSpinner() {
  const label = i18n.exists('common.loading') ? i18n.t('common.loading') : undefined;
  return (
    <div className="grid min-h-dvh place-items-center text-brand-ink">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
