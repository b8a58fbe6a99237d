import type { StoryDetail } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, Clock, Layers, Lock, PartyPopper, Play, RotateCcw } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { LevelBadge } from '@/components/level-badge';
import { ProgressBar } from '@/components/progress-bar';
import { StoryCover } from '@/components/story-cover';
import { formatMinutes } from '@/lib/format-duration';
import { currentLocale } from '@/lib/i18n';
import { categoryLabelKey, genreLabelKey } from '@/lib/story-labels';
import { storyQueryOptions, useStory } from '../api/get-story';
import { ChapterList } from '../components/chapter-list';
import { LockBadge } from '../components/lock-badge';
import { StoryActions } from '../components/story-actions';
import { offerLockedStory } from '../offer-locked-story';

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(storyQueryOptions(params.id ?? ''));
    return null;
  };
}

/** Where the main button leads: the first chapter, where the reader stopped, or the start again. */
function readingAction(story: StoryDetail): { to: string; label: string; icon: ReactNode } | null {
  const first = story.chapters[0];
  if (!first) return null;
  if (story.finished) {
    return { to: `/chapter/${first.id}?page=1`, label: 'story.read-again', icon: <RotateCcw /> };
  }
  const started = story.progress > 0 || story.chapters.some((chapter) => chapter.pages_completed > 0);
  if (started && story.continue_chapter_id) {
    const page = story.continue_page ? `?page=${story.continue_page}` : '';
    return { to: `/chapter/${story.continue_chapter_id}${page}`, label: 'story.continue', icon: <Play /> };
  }
  return { to: `/chapter/${first.id}`, label: 'story.start', icon: <BookOpen /> };
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-field bg-surface-muted/70 px-3.5 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <span aria-hidden="true" className="[&>svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * /story/{id}: cover, description, facts, start or continue, favorite, share, and the chapters. A
 * story the plan does not read shows a lock; starting it or opening a chapter offers Pro instead.
 */
export default function StoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const story = useStory(id);
  const chaptersHeading = useId();
  const locale = currentLocale();
  const action = readingAction(story);
  const percent = Math.round(story.progress * 100);
  const continueChapter = story.chapters.find((chapter) => chapter.id === story.continue_chapter_id);

  return (
    <article className="grid gap-10">
      <title>{`${story.title} · Lendo`}</title>
      <div>
        <Link
          to="/"
          className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-field px-2 text-sm font-semibold text-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('story.back')}
        </Link>
        <div className="mt-3 grid gap-6 sm:grid-cols-[minmax(0,14rem)_1fr] sm:gap-8 lg:grid-cols-[18rem_1fr] lg:gap-12">
          <StoryCover
            src={story.cover_url}
            className="mx-auto w-44 rounded-card shadow-pop ring-1 ring-line/60 sm:w-full"
          />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <LevelBadge level={story.level} />
              {story.locked && <LockBadge />}
              <span className="rounded-full bg-surface-muted px-2.5 py-1 text-xs leading-none font-semibold text-muted">
                {t(genreLabelKey(story.genre))}
              </span>
              <span className="rounded-full bg-surface-muted px-2.5 py-1 text-xs leading-none font-semibold text-muted">
                {t(categoryLabelKey(story.category))}
              </span>
            </div>
            <h1
              lang={story.language}
              className="mt-4 text-3xl font-bold tracking-tight text-balance wrap-anywhere sm:text-4xl"
            >
              {story.title}
            </h1>
            {story.title_translation && story.title_translation !== story.title && (
              <p className="mt-1 text-lg text-muted">{story.title_translation}</p>
            )}
            <p
              lang={story.language}
              className="mt-4 max-w-prose font-reading text-lg leading-relaxed text-pretty"
            >
              {story.description}
            </p>
            {story.description_translation && (
              <p className="mt-2 max-w-prose text-sm text-pretty text-muted">
                {story.description_translation}
              </p>
            )}
            <dl className="mt-6 grid grid-cols-3 gap-2 sm:max-w-lg">
              <Fact
                icon={<Clock />}
                label={t('story.duration')}
                value={formatMinutes(story.duration_minutes, locale)}
              />
              <Fact
                icon={<BookOpen />}
                label={t('story.words')}
                value={new Intl.NumberFormat(locale).format(story.word_count)}
              />
              <Fact
                icon={<Layers />}
                label={t('story.chapters-count')}
                value={String(story.chapters_count)}
              />
            </dl>
            {story.finished ? (
              <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-success-soft px-3.5 py-1.5 text-sm font-semibold text-success">
                <PartyPopper aria-hidden="true" className="size-4" />
                {t('story.finished')}
              </p>
            ) : (
              percent > 0 && (
                <div className="mt-6 grid max-w-lg gap-2">
                  <div className="flex justify-between text-sm">
                    <span className="font-semibold">{t('story.progress')}</span>
                    <span className="text-muted tabular-nums">
                      {t('story-card.progress-value', { percent })}
                    </span>
                  </div>
                  <ProgressBar value={story.progress} label={t('story.progress')} />
                </div>
              )
            )}
            <div className="mt-6 grid gap-3 sm:flex sm:flex-wrap sm:items-center">
              {action &&
                (story.locked ? (
                  <Button size="lg" onClick={offerLockedStory}>
                    <Lock aria-hidden="true" className="size-5" />
                    {t(action.label)}
                  </Button>
                ) : (
                  <Link to={action.to} className={buttonClasses({ size: 'lg' })}>
                    <span aria-hidden="true" className="[&>svg]:size-5">
                      {action.icon}
                    </span>
                    {t(action.label)}
                  </Link>
                ))}
              <StoryActions story={story} />
            </div>
            {action?.label === 'story.continue' && continueChapter && (
              <p className="mt-2 text-sm text-muted">
                {t('story.continue-hint', { number: continueChapter.number, page: story.continue_page ?? 1 })}
              </p>
            )}
          </div>
        </div>
      </div>

      <section aria-labelledby={chaptersHeading} className="grid max-w-3xl gap-4">
        <h2 id={chaptersHeading} className="text-xl font-bold tracking-tight">
          {t('story.chapters')}
        </h2>
        <ChapterList chapters={story.chapters} language={story.language} locked={story.locked} />
      </section>
    </article>
  );
}
