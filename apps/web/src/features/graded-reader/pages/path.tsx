import { ArrowLeft, Compass, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/button';
import { LevelBadge } from '@/components/level-badge';
import { Skeleton } from '@/components/skeleton';
import { StateMessage } from '@/components/state-message';
import { RetryButton } from '@/components/retry-button';
import { ApiError, errorCodeOf } from '@/lib/api-client';
import { hasProAccess, useMe } from '@/lib/me';
import { usePath } from '../api/get-path';
import { PathProgress, pathName } from '../components/path-progress';
import { PathStory } from '../components/path-story';
import { isGradedReaderLocked, UpgradeState } from '../components/upgrade-state';

const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'error.not-found');

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/graded-reader"
      className="-ml-2 inline-flex min-h-11 items-center gap-2 justify-self-start rounded-field px-2 text-sm font-semibold text-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('graded-reader.back')}
    </Link>
  );
}

function PathSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Skeleton className="h-10 w-64 rounded-field" />
      <Skeleton className="h-2 rounded-full" />
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-32 rounded-card" />
      ))}
    </div>
  );
}

/** /graded-reader/{id}: one path's stories in order, each unlocked by finishing the one before. */
export default function PathPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const pro = hasProAccess(useMe());
  const query = usePath(id, pro);

  if (!pro || isGradedReaderLocked(query.error)) return <UpgradeState />;

  if (query.isError) {
    const notFound = isNotFound(query.error);
    return (
      <div className="grid gap-4">
        <BackLink />
        <div role="alert">
          <StateMessage
            icon={notFound ? <Compass aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
            tone={notFound ? 'brand' : 'danger'}
            title={notFound ? t('graded-reader.path.not-found') : t('graded-reader.path.error')}
            headingLevel={1}
          >
            {notFound ? (
              <Link to="/graded-reader" className={`${buttonClasses({ size: 'lg' })} mt-4`}>
                {t('graded-reader.back')}
              </Link>
            ) : (
              <>
                <p className="text-pretty text-muted">{t(errorCodeOf(query.error))}</p>
                <RetryButton
                  variant="primary"
                  size="lg"
                  className="mt-4"
                  loading={query.isFetching}
                  onClick={() => void query.refetch()}
                />
              </>
            )}
          </StateMessage>
        </div>
      </div>
    );
  }

  const path = query.data;
  if (!path) {
    return (
      <div className="grid gap-4">
        <BackLink />
        <PathSkeleton />
      </div>
    );
  }

  const name = pathName(t, path);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>{`${name} · Lendo`}</title>
      <BackLink />
      <header className="grid gap-3">
        <LevelBadge level={path.level} className="justify-self-start" />
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{name}</h1>
        <p className="text-pretty text-muted">{t('graded-reader.path.text')}</p>
        <PathProgress path={path} name={name} large />
      </header>
      {path.stories.length === 0 ? (
        <StateMessage
          icon={<Compass aria-hidden="true" />}
          tone="muted"
          title={t('graded-reader.paths.empty')}
        />
      ) : (
        <ol className="grid gap-3">
          {path.stories.map((story, index) => (
            <li key={story.id}>
              <PathStory story={story} number={index + 1} language={path.language} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
