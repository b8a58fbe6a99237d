import type { StoryCard as Story } from '@lendo/shared';
import { cx } from '@/lib/cx';
import { StoryCard, StoryCardSkeleton } from './story-card';

/**
 * shelf: a row that scrolls sideways on phones and becomes a grid from 640 px (home sections).
 * grid: two columns on phones (results).
 */
export type StoryListLayout = 'shelf' | 'grid';

const LIST: Record<StoryListLayout, string> = {
  shelf:
    '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pt-1 pb-3 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-x-5 sm:gap-y-8 sm:overflow-visible sm:px-0 md:grid-cols-4 lg:grid-cols-5',
  grid: 'grid grid-cols-2 gap-x-4 gap-y-7 sm:grid-cols-3 sm:gap-x-5 sm:gap-y-8 md:grid-cols-4 lg:grid-cols-5',
};

const ITEM: Record<StoryListLayout, string> = {
  shelf: 'w-[42vw] max-w-44 shrink-0 snap-start sm:w-auto sm:max-w-none',
  grid: '',
};

export function StoryList({
  stories,
  layout,
  busy,
}: {
  stories: readonly Story[];
  layout: StoryListLayout;
  /** The stories shown are being replaced (a new search is loading). */
  busy?: boolean;
}) {
  return (
    <ul aria-busy={busy || undefined} className={cx(LIST[layout], busy && 'opacity-60 transition-opacity')}>
      {stories.map((story) => (
        <li key={story.id} className={ITEM[layout]}>
          <StoryCard story={story} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while stories load (hidden from assistive technology: a status line says it). */
export function StoryListSkeleton({ layout, count = 5 }: { layout: StoryListLayout; count?: number }) {
  return (
    <div aria-hidden="true" className={LIST[layout]}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={cx(ITEM[layout], layout === 'shelf' && index >= 3 && 'max-sm:hidden')}>
          <StoryCardSkeleton />
        </div>
      ))}
    </div>
  );
}
