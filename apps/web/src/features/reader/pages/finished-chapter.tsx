import type { QueryClient } from '@tanstack/react-query';
import {
  ArrowRight,
  BookOpenCheck,
  Clock,
  Library,
  PartyPopper,
  Search,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { buttonClasses } from '@/components/button';
import { LevelBadge } from '@/components/level-badge';
import { StoryCover } from '@/components/story-cover';
import { formatReadingTime } from '@/lib/format-duration';
import { currentLocale } from '@/lib/i18n';
import { hasProAccess, useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { chapterSummaryQueryOptions, useChapterSummary } from '../api/get-chapter-summary';
import { ComprehensionCheck } from '../components/comprehension-check';

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(chapterSummaryQueryOptions(params.id ?? ''));
    return null;
  };
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="grid justify-items-center gap-1 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60">
      <Icon aria-hidden="true" className="size-5 text-brand-ink" />
      <dt className="order-last text-xs font-medium text-muted">{label}</dt>
      <dd className="text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
    </div>
  );
}

/** Confetti drawn in the theme's colours: a celebration that needs no image. */
function Confetti() {
  const pieces = [
    ['left-[8%] top-6 size-2.5 rotate-12 bg-level-elementary', 'rounded-sm'],
    ['left-[22%] top-16 size-2 bg-pro', 'rounded-full'],
    ['right-[10%] top-8 size-3 -rotate-12 bg-level-advanced', 'rounded-sm'],
    ['right-[24%] top-20 size-2 bg-level-intermediate', 'rounded-full'],
    ['left-[30%] top-2 h-1.5 w-4 rotate-45 bg-brand', 'rounded-full'],
    ['right-[34%] top-3 h-1.5 w-4 -rotate-45 bg-level-upper-intermediate', 'rounded-full'],
  ];
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-28">
      {pieces.map(([place, shape]) => (
        <span key={place} className={`absolute ${place} ${shape} animate-pop-in opacity-80`} />
      ))}
    </div>
  );
}

/**
 * /finished-chapter/{id}: what was read, the words looked up, and where to go next; with graded-reader
 * access, the chapter's comprehension check, which completes the chapter in its path.
 */
export default function FinishedChapterPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const summary = useChapterSummary(id);
  const gradedReader = hasProAccess(useMe());
  const wordsHeading = useId();
  const locale = currentLocale();
  const { chapter, story } = summary;
  const title = summary.story_finished ? t('finished.story-title') : t('finished.title');

  return (
    <div className="relative mx-auto grid w-full max-w-2xl gap-8 text-center">
      <title>{`${title} · ${story.title} · Lendo`}</title>
      <Confetti />
      <header className="relative grid justify-items-center gap-3 pt-4">
        <span className="grid size-20 place-items-center rounded-3xl bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-pop">
          {summary.story_finished ? (
            <Trophy aria-hidden="true" className="size-10" />
          ) : (
            <PartyPopper aria-hidden="true" className="size-10" />
          )}
        </span>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="max-w-md text-pretty text-muted">
          {summary.story_finished ? t('finished.story-text') : t('finished.text')}
        </p>
      </header>

      <Link
        to={`/story/${story.id}`}
        className="flex items-center gap-4 rounded-card bg-surface p-3 text-left shadow-card ring-1 ring-line/60 transition-colors hover:bg-surface-muted/60"
      >
        <StoryCover src={story.cover_url} className="w-16 shrink-0 rounded-lg" />
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
            {t('chapter.number', { number: chapter.number })}
          </span>
          <span lang={story.language} className="block font-semibold text-balance">
            {chapter.title}
          </span>
          <span lang={story.language} className="block text-sm text-muted">
            {story.title}
          </span>
        </span>
        <LevelBadge level={story.level} className="max-sm:hidden" />
      </Link>

      {gradedReader && (
        <ComprehensionCheck
          key={chapter.id}
          chapterId={chapter.id}
          language={story.language}
          pathId={`${story.language}-${story.level}`}
          nextChapterId={summary.next_chapter_id}
        />
      )}

      <dl className="grid grid-cols-3 gap-3">
        <Stat
          icon={BookOpenCheck}
          label={t('finished.words-read')}
          value={new Intl.NumberFormat(locale).format(summary.words_read)}
        />
        <Stat
          icon={Clock}
          label={t('finished.reading-time')}
          value={formatReadingTime(summary.reading_seconds, locale)}
        />
        <Stat icon={Search} label={t('finished.looked-up-count')} value={String(summary.looked_up.length)} />
      </dl>

      <section
        aria-labelledby={wordsHeading}
        className="grid gap-3 rounded-card bg-surface-muted/60 p-5 text-left"
      >
        <h2 id={wordsHeading} className="font-bold tracking-tight">
          {t('finished.looked-up')}
        </h2>
        {summary.looked_up.length === 0 ? (
          <p className="text-sm text-muted">{t('finished.looked-up-empty')}</p>
        ) : (
          <>
            <p className="text-sm text-muted">{t('finished.looked-up-hint')}</p>
            <ul className="flex flex-wrap gap-2">
              {summary.looked_up.map((word) => (
                <li key={word}>
                  <button
                    type="button"
                    lang={story.language}
                    onClick={() => openModal('word-lookup', { word, language: story.language })}
                    className="inline-flex min-h-11 items-center rounded-full border border-line-strong bg-surface px-4 font-reading text-base font-semibold transition-colors hover:border-brand hover:text-brand-ink"
                  >
                    {word}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <div className="grid gap-3 sm:flex sm:justify-center">
        {summary.next_chapter_id ? (
          <>
            <Link to={`/chapter/${summary.next_chapter_id}`} className={buttonClasses({ size: 'lg' })}>
              {t('finished.next')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to={`/story/${story.id}`} className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
              {t('finished.back')}
            </Link>
          </>
        ) : (
          <>
            <Link to={`/story/${story.id}`} className={buttonClasses({ size: 'lg' })}>
              {t('finished.back')}
            </Link>
            <Link to="/" className={buttonClasses({ size: 'lg', variant: 'secondary' })}>
              <Library aria-hidden="true" className="size-5" />
              {t('finished.more-stories')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
