import { Compass, Lock, RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { StateMessage } from '@/components/state-message';
import { ApiError, errorCodeOf } from '@/lib/api-client';

/** A story or chapter that does not exist (or is not a valid id) answers 404 / error.not-found. */
function isNotFound(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return error instanceof ApiError && (error.status === 404 || error.code === 'error.not-found');
}

/** A chapter of a story the learner's plan does not read answers 403 / limits.library. */
const isLibraryLocked = (error: unknown) => error instanceof ApiError && error.code === 'limits.library';

/** A chapter opened directly (a link, the address bar) whose story the plan does not read. */
function LibraryLocked() {
  const { t } = useTranslation();
  return (
    <StateMessage
      icon={<Lock aria-hidden="true" />}
      tone="pro"
      title={t('library-locked.title')}
      headingLevel={1}
    >
      <title>{`${t('library-locked.title')} · Lendo`}</title>
      <p className="text-pretty text-muted">{t('library-locked.text')}</p>
      <div className="mt-4 grid w-full gap-2 sm:flex sm:w-auto sm:justify-center">
        <Link to="/plans" className={buttonClasses({ size: 'lg' })}>
          {t('modal.offer.see-plans')}
        </Link>
        <Link to="/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
          {t('story.back')}
        </Link>
      </div>
    </StateMessage>
  );
}

/**
 * The error screen of a signed-in page, shown inside the shell: a not-found state for a missing
 * story or chapter, a locked state for a chapter the plan does not read, otherwise the reason and
 * a retry that runs the page's loaders again.
 */
export function PageError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const notFound = isNotFound(error);
  const locked = isLibraryLocked(error);

  useEffect(() => {
    if (!notFound && !locked) console.error(error);
  }, [error, notFound, locked]);

  if (locked) return <LibraryLocked />;

  if (notFound) {
    return (
      <StateMessage icon={<Compass aria-hidden="true" />} title={t('not-found.title')} headingLevel={1}>
        <title>{`${t('not-found.title')} · Lendo`}</title>
        <p className="text-pretty text-muted">{t('not-found.text')}</p>
        <Link to="/" className={`${buttonClasses({ size: 'lg' })} mt-4`}>
          {t('not-found.home')}
        </Link>
      </StateMessage>
    );
  }
  return (
    <StateMessage
      icon={<TriangleAlert aria-hidden="true" />}
      tone="danger"
      title={t('error.page-title')}
      headingLevel={1}
    >
      <title>{`${t('error.page-title')} · Lendo`}</title>
      <p className="text-pretty text-muted">{t(errorCodeOf(error))}</p>
      <Button
        size="lg"
        className="mt-4"
        loading={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        <RotateCw aria-hidden="true" className="size-5" />
        {t('common.retry')}
      </Button>
    </StateMessage>
  );
}
