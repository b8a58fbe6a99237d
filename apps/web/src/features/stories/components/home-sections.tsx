import type { StoryCard } from '@lendo/shared';
import { BookmarkPlus, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
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

/** The way to the story generator: a new text around the learner's own words. */
function StoryGenInvite() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-4 rounded-card bg-pro-soft p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-surface text-pro">
        <Sparkles aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-60">
        <h2 className="font-bold tracking-tight">{t('home.story-gen.title')}</h2>
        <p className="mt-1 text-sm text-pretty text-muted">{t('home.story-gen.text')}</p>
      </div>
      <Link to="/story-gen" className={buttonClasses({ variant: 'secondary' })}>
        {t('home.story-gen.go')}
      </Link>
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
      {sections.map(([name, stories], index) => (
        <div key={name} className="contents">
          <StorySection name={name} stories={stories} />
          {index === 0 && <StoryGenInvite />}
        </div>
      ))}
    </div>
  );
}
