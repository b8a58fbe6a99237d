import type { PathDetail } from '@lendo/shared';
import { BookOpen, Check, Lock, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { StoryCover } from '@/components/story-cover';
import { cx } from '@/lib/cx';
import { fraction } from '../progress';

type PathStoryItem = PathDetail['stories'][number];

/** The step's marker: its number, a tick when completed, a lock while the story before is unfinished. */
function StepMarker({ story, number }: { story: PathStoryItem; number: number }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-10 shrink-0 place-items-center rounded-full text-base font-bold',
        story.completed
          ? 'bg-success text-surface'
          : story.unlocked
            ? 'bg-brand text-on-brand'
            : 'bg-surface-muted text-muted',
      )}
    >
      {story.completed ? (
        <Check className="size-5" strokeWidth={3} />
      ) : story.unlocked ? (
        number
      ) : (
        <Lock className="size-4.5" />
      )}
    </span>
  );
}

/** One story of a path: where it stands (locked, in progress, completed) and the way to go on. */
export function PathStory({
  story,
  number,
  language,
}: {
  story: PathStoryItem;
  number: number;
  language: PathDetail['language'];
}) {
  const { t } = useTranslation();
  const started = story.chapters_completed > 0;
  const status = story.completed
    ? t('graded-reader.story.completed')
    : story.unlocked
      ? t('graded-reader.story.chapters', { done: story.chapters_completed, total: story.chapters_count })
      : t('graded-reader.story.locked');

  return (
    <div className="flex gap-3 sm:gap-4">
      <StepMarker story={story} number={number} />
      <article
        className={cx(
          'flex min-w-0 flex-1 gap-4 rounded-card bg-surface p-3 shadow-card ring-1 ring-line/60 sm:p-4',
          !story.unlocked && 'bg-surface-muted/50 shadow-none',
        )}
      >
        <StoryCover
          src={story.cover_url}
          className={cx(
            'w-16 shrink-0 self-start rounded-lg sm:w-20',
            !story.unlocked && 'opacity-50 grayscale',
          )}
        />
        <div className="grid min-w-0 flex-1 content-start gap-2">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t('graded-reader.story.number', { number })}
            <span className="sr-only">{` · ${status}`}</span>
          </p>
          <h2
            lang={language}
            className={cx('font-bold tracking-tight text-balance', !story.unlocked && 'text-muted')}
          >
            {story.unlocked ? (
              <Link to={`/story/${story.id}`} className="hover:underline">
                {story.title}
              </Link>
            ) : (
              story.title
            )}
          </h2>
          <p lang={language} className="line-clamp-2 text-sm text-pretty text-muted">
            {story.description}
          </p>
          {story.unlocked && !story.completed && (
            <ProgressBar
              value={fraction(story.chapters_completed, story.chapters_count)}
              label={t('graded-reader.story.progress', { title: story.title })}
              valueText={status}
            />
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p
              aria-hidden="true"
              className={cx(
                'flex items-center gap-1.5 text-sm font-semibold',
                story.completed ? 'text-success' : story.unlocked ? 'text-brand-ink' : 'text-muted',
              )}
            >
              {story.completed ? (
                <Check className="size-4" strokeWidth={3} />
              ) : !story.unlocked ? (
                <Lock className="size-4" />
              ) : null}
              {status}
            </p>
            {story.unlocked && !story.completed && story.next_chapter_id && (
              <Link to={`/chapter/${story.next_chapter_id}`} className={buttonClasses()}>
                {started ? (
                  <Play aria-hidden="true" className="size-4" />
                ) : (
                  <BookOpen aria-hidden="true" className="size-4" />
                )}
                {started ? t('graded-reader.story.continue') : t('graded-reader.story.start')}
              </Link>
            )}
          </div>
        </div>
      </article>
    </div>
  );
}
