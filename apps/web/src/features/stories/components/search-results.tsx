import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { useStories, type StorySearch } from '../api/get-stories';
import { LibraryError, NoResults } from './library-states';
import { StoryList, StoryListSkeleton } from './story-list';

/** The stories that match, with their count, a page at a time. */
export function SearchResults({ search, onClear }: { search: StorySearch; onClear: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const stories = useStories(search);

  if (stories.isPending) {
    return (
      <div className="grid gap-5">
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <Skeleton className="h-5 w-32" />
        <StoryListSkeleton layout="grid" count={10} />
      </div>
    );
  }
  if (stories.isError && !stories.isFetchNextPageError) {
    return <LibraryError error={stories.error} onRetry={() => void stories.refetch()} />;
  }

  const results = stories.data.pages.flatMap((page) => page.results);
  const count = stories.data.pages[0]?.count ?? 0;
  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <h2 id={headingId} aria-live="polite" className="text-sm font-semibold text-muted">
        {t('home.results-count', { count })}
      </h2>
      {count === 0 ? (
        <NoResults onClear={onClear} />
      ) : (
        <>
          <StoryList stories={results} layout="grid" busy={stories.isPlaceholderData} />
          {stories.isFetchNextPageError && (
            <InlineRetry
              message={t(errorCodeOf(stories.error))}
              onRetry={() => void stories.fetchNextPage()}
            />
          )}
          {stories.hasNextPage && !stories.isFetchNextPageError && (
            <Button
              variant="secondary"
              size="lg"
              className="justify-self-center"
              loading={stories.isFetchingNextPage}
              onClick={() => void stories.fetchNextPage()}
            >
              {t('home.load-more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
