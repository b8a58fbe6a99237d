import { BookOpen, CloudOff, RotateCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { StateMessage } from '@/components/state-message';
import { errorCodeOf } from '@/lib/api-client';

/** The stories could not be loaded: say why and offer to try again. */
export function LibraryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <StateMessage icon={<CloudOff aria-hidden="true" />} tone="danger" title={t('home.error.title')}>
        <p className="text-pretty text-muted">{t(errorCodeOf(error))}</p>
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('common.retry')}
        </Button>
      </StateMessage>
    </div>
  );
}

/** Nothing matches the search and filters. */
export function NoResults({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <StateMessage icon={<SearchX aria-hidden="true" />} tone="muted" title={t('home.no-results.title')}>
      <p className="text-pretty text-muted">{t('home.no-results.text')}</p>
      <Button variant="secondary" className="mt-2" onClick={onClear}>
        {t('home.clear-filters')}
      </Button>
    </StateMessage>
  );
}

/** The library has no stories in the learner's language yet. */
export function EmptyLibrary() {
  const { t } = useTranslation();
  return (
    <StateMessage icon={<BookOpen aria-hidden="true" />} title={t('home.library-empty.title')}>
      <p className="text-pretty text-muted">{t('home.library-empty.text')}</p>
    </StateMessage>
  );
}
