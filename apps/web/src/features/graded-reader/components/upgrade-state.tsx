import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { StateMessage } from '@/components/state-message';
import { ApiError } from '@/lib/api-client';

/** The API's answer to a learner without graded-reader access. */
export const isGradedReaderLocked = (error: unknown) =>
  error instanceof ApiError && error.code === 'limits.graded-reader';

/** A graded-reader page opened without pro: what it is, and the way to the plans. */
export function UpgradeState() {
  const { t } = useTranslation();
  return (
    <StateMessage
      icon={<Crown aria-hidden="true" />}
      tone="pro"
      title={t('graded-reader.upgrade.title')}
      headingLevel={1}
    >
      <title>{`${t('graded-reader.upgrade.title')} · Lendo`}</title>
      <p className="text-pretty text-muted">{t('graded-reader.upgrade.text')}</p>
      <div className="mt-4 grid w-full gap-2 sm:flex sm:w-auto sm:justify-center">
        <Link to="/plans" className={buttonClasses({ size: 'lg' })}>
          {t('modal.offer.see-plans')}
        </Link>
        <Link to="/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('not-found.home')}
        </Link>
      </div>
    </StateMessage>
  );
}
