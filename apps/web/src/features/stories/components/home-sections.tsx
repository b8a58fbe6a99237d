import type { StoryCard } from '@lendo/shared';
import { BookmarkPlus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { useStoryHome } from '../api/get-story-home';
import { EmptyLibrary, LibraryError } from './library-states';
import { StoryList, StoryListSkeleton } from './story-list';

type SectionKey = 'in-progress' | 'recommended' | 'recently-added' | 'favorites';

function StorySection({ name, stories }: { name: SectionKey; stories: readonly StoryCard[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {t(`home.section.${name}`)}
      </h2>
      <StoryList stories={stories} layout="shelf" />
    </section>
  );
}

/** A new reader has nothing in progress and no favorites yet: say how those shelves fill up. */
function EmptyShelf() {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-4 rounded-card border border-dashed border-line-strong bg-surface/60 p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-soft text-brand-ink">
        <BookmarkPlus aria-hidden="true" className="size-5" />
      </span>
      <div>
        <h2 className="font-bold tracking-tight">{t('home.shelf-empty.title')}</h2>
        <p className="mt-1 text-sm text-pretty text-muted">{t('home.shelf-empty.text')}</p>
      </div>
    </div>
  );
}

/**
 * The home page without a search: continue reading, recommended, recently added and favorites.
 * Empty sections are left out.
 */
export function HomeSections() {
  const { t } = useTranslation();
  const home = useStoryHome();

  if (home.isPending) {
    return (
      <div className="grid gap-10">
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        {[0, 1].map((row) => (
          <div key={row} className="grid gap-4">
            <Skeleton className="h-6 w-48" />
            <StoryListSkeleton layout="shelf" />
          </div>
        ))}
      </div>
    );
  }
  if (home.isError) return <LibraryError error={home.error} onRetry={() => void home.refetch()} />;

  const { in_progress, recommended, recently_added, favorites } = home.data;
  const sections = (
    [
      ['in-progress', in_progress],
      ['recommended', recommended],
      ['recently-added', recently_added],
      ['favorites', favorites],
    ] as const
  ).filter(([, stories]) => stories.length > 0);
  if (sections.length === 0) return <EmptyLibrary />;

  return (
    <div className="grid gap-10">
      {in_progress.length === 0 && favorites.length === 0 && <EmptyShelf />}
      {sections.map(([name, stories]) => (
        <StorySection key={name} name={name} stories={stories} />
      ))}
    </div>
  );
}
