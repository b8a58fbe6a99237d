import type { ChapterSummary, LearningLanguage } from '@lendo/shared';
import { Check, ChevronRight, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '@/lib/cx';
import { formatMinutes } from '@/lib/format-duration';
import { currentLocale } from '@/lib/i18n';
import { offerLockedStory } from '../offer-locked-story';

function ChapterStatus({ chapter }: { chapter: ChapterSummary }) {
  const { t } = useTranslation();
  if (chapter.finished) {
    return <span className="font-semibold text-success">{t('story.chapter.done')}</span>;
  }
  if (chapter.pages_completed > 0) {
    return (
      <span className="font-semibold text-brand-ink">
        {t('story.chapter.pages-read', { done: chapter.pages_completed, total: chapter.pages_count })}
      </span>
    );
  }
  return null;
}

const rowClasses =
  'group flex w-full items-center gap-4 rounded-card border border-line bg-surface p-3.5 text-left transition-colors hover:border-line-strong hover:bg-surface-muted/50 sm:p-4';

/**
 * The chapters in order: number (a tick when done), title, length and how far the reader got. Each
 * opens the chapter; in a `locked` story (the plan does not read it) each offers Pro instead.
 */
export function ChapterList({
  chapters,
  language,
  locked = false,
}: {
  chapters: readonly ChapterSummary[];
  language: LearningLanguage;
  locked?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <ol className="grid gap-2.5">
      {chapters.map((chapter) => {
        const started = !chapter.finished && chapter.pages_completed > 0;
        const Icon = locked ? Lock : ChevronRight;
        const content = (
          <>
            <span
              aria-hidden="true"
              className={cx(
                'relative grid size-11 shrink-0 place-items-center rounded-full text-base font-bold',
                chapter.finished ? 'bg-success text-surface' : 'bg-surface-muted text-ink',
              )}
            >
              {chapter.finished ? <Check className="size-5" strokeWidth={3} /> : chapter.number}
              {started && (
                <svg viewBox="0 0 44 44" className="absolute inset-0 -rotate-90">
                  <circle
                    cx="22"
                    cy="22"
                    r="20"
                    fill="none"
                    stroke="var(--lendo-brand)"
                    strokeWidth="3"
                    strokeLinecap="round"
                    pathLength={100}
                    strokeDasharray={`${(chapter.pages_completed / chapter.pages_count) * 100} 100`}
                  />
                </svg>
              )}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
                {t('chapter.number', { number: chapter.number })}
              </span>
              <span lang={language} className="block font-semibold text-balance">
                {chapter.title}
              </span>
              <span className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-muted">
                {chapter.title_translation && chapter.title_translation !== chapter.title && (
                  <>
                    <span>{chapter.title_translation}</span>
                    <span aria-hidden="true">·</span>
                  </>
                )}
                <span>{formatMinutes(chapter.duration_minutes, locale)}</span>
              </span>
              <span className="mt-0.5 block text-sm">
                <ChapterStatus chapter={chapter} />
              </span>
            </span>
            <Icon
              aria-hidden="true"
              className={cx(
                'size-5 shrink-0',
                locked ? 'text-pro' : 'text-muted transition-transform group-hover:translate-x-0.5',
              )}
            />
          </>
        );
        return (
          <li key={chapter.id}>
            {locked ? (
              <button type="button" onClick={offerLockedStory} className={rowClasses}>
                {content}
              </button>
            ) : (
              <Link to={`/chapter/${chapter.id}`} className={rowClasses}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
