import type { StoryCard as Story } from '@lendo/shared';
import { Clock, Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LevelBadge } from '@/components/level-badge';
import { ProgressBar } from '@/components/progress-bar';
import { Skeleton } from '@/components/skeleton';
import { StoryCover } from '@/components/story-cover';
import { formatMinutes } from '@/lib/format-duration';
import { currentLocale } from '@/lib/i18n';
import { genreLabelKey } from '@/lib/story-labels';
import { LockBadge } from './lock-badge';

/**
 * A story in a list: cover, level, title, genre and length, progress once started, a heart when
 * it is a favorite and a lock when the plan does not read it. The title is the link; it stretches
 * over the whole card (a locked story opens too: its page offers the upgrade).
 */
export function StoryCard({ story }: { story: Story }) {
  const { t } = useTranslation();
  const percent = Math.round(story.progress * 100);
  return (
    <article className="group relative flex h-full flex-col rounded-card has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4">
      <div className="relative overflow-hidden rounded-card bg-surface-muted shadow-card ring-1 ring-line/60 transition duration-200 group-hover:-translate-y-0.5 group-hover:shadow-pop">
        <StoryCover
          src={story.cover_url}
          className="w-full transition duration-300 group-hover:scale-[1.03]"
        />
        <LevelBadge level={story.level} className="absolute top-2 left-2 shadow-sm" />
        {story.favorite && (
          <span className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-surface/90 text-danger shadow-sm">
            <Heart aria-hidden="true" className="size-4" fill="currentColor" />
            <span className="sr-only">{t('story-card.favorite')}</span>
          </span>
        )}
        {story.locked && <LockBadge className="absolute bottom-2 left-2 shadow-sm" />}
      </div>
      <div className="flex flex-1 flex-col pt-3">
        <h3 lang={story.language} className="leading-snug font-bold tracking-tight text-balance">
          <Link
            to={`/story/${story.id}`}
            className="outline-none after:absolute after:inset-0 after:rounded-card"
          >
            {story.title}
          </Link>
        </h3>
        {story.title_translation && story.title_translation !== story.title && (
          <p className="mt-0.5 line-clamp-1 text-sm text-muted">{story.title_translation}</p>
        )}
        <p className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs font-medium text-muted">
          <span>
            {story.origin === 'library'
              ? t(genreLabelKey(story.genre))
              : t(`story-gen.origin.${story.origin}`)}
          </span>
          <span aria-hidden="true">·</span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5" />
            {formatMinutes(story.duration_minutes, currentLocale())}
          </span>
        </p>
        {percent > 0 && (
          <div className="mt-auto flex items-center gap-2 pt-2.5">
            <ProgressBar
              value={story.progress}
              label={t('story-card.progress')}
              valueText={t('story-card.progress-value', { percent })}
              className="flex-1"
            />
            <span aria-hidden="true" className="text-xs font-semibold text-muted tabular-nums">
              {percent}%
            </span>
          </div>
        )}
      </div>
    </article>
  );
}

/** The shape of a card while the stories load. */
export function StoryCardSkeleton() {
  return (
    <div aria-hidden="true">
      <div className="aspect-[3/4] animate-pulse rounded-card bg-surface-muted" />
      <Skeleton className="mt-3 h-4 w-4/5" />
      <Skeleton className="mt-2 h-3 w-1/2" />
    </div>
  );
}
