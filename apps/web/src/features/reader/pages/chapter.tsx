import type { ChapterDetail, ReaderSentence } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CheckCheck, ChevronLeft, Flag, Headphones, Square } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Button } from '@/components/button';
import { LevelBadge } from '@/components/level-badge';
import { ProgressBar } from '@/components/progress-bar';
import { Spinner } from '@/components/spinner';
import { cx } from '@/lib/cx';
import { lemmaIn, statusIn, useMarkKnown, useShowWordStatus, useWordStatuses } from '@/lib/word-status';
import { chapterQueryOptions, useChapter } from '../api/get-chapter';
import { ReaderSettingsButton } from '../components/reader-settings-panel';
import { ReaderText, type WordSelection } from '../components/reader-text';
import { WordPopup } from '../components/word-popup';
import { useReaderSettings, useReaderTheme } from '../reader-settings';
import { tokenize } from '../tokenize';
import { usePageKeys, useSwipe } from '../use-page-turns';
import { useProgressReporter } from '../use-progress-reporter';
import { useReadAloud, type ReadAloud } from '../use-read-aloud';

export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.ensureQueryData(chapterQueryOptions(params.id ?? ''));
    return null;
  };
}

/** The page to open: the one asked for in ?page= (the story's "continue"), else where the reader is. */
function firstPage(requested: string | null, chapter: ChapterDetail): number {
  const total = chapter.pages.length;
  const page = Number.parseInt(requested ?? '', 10) || chapter.current_page;
  return Math.min(Math.max(page, 1), Math.max(total, 1));
}

/** Reads the page aloud, sentence by sentence; while it does, a click stops it. */
function ReadAloudButton({ readAloud }: { readAloud: ReadAloud }) {
  const { t } = useTranslation();
  const { reading, loading, start, stop } = readAloud;
  const label = reading === null ? t('reader.read-aloud.start') : t('reader.read-aloud.stop');
  return (
    <button
      type="button"
      onClick={reading === null ? start : stop}
      aria-label={label}
      aria-busy={loading || undefined}
      title={label}
      className={cx(
        'grid size-11 shrink-0 place-items-center rounded-full transition-colors',
        reading === null
          ? 'text-muted hover:bg-surface-muted hover:text-ink'
          : 'bg-brand text-on-brand hover:bg-brand-hover',
      )}
    >
      {loading ? (
        <Spinner className="size-5" />
      ) : reading === null ? (
        <Headphones aria-hidden="true" className="size-5" />
      ) : (
        <Square aria-hidden="true" className="size-4" fill="currentColor" />
      )}
    </button>
  );
}

function ChapterReader({ chapter }: { chapter: ChapterDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = useState(() => firstPage(searchParams.get('page'), chapter));
  const [selection, setSelection] = useState<WordSelection | null>(null);
  const [finishing, setFinishing] = useState(false);
  const { report, noteLookup } = useProgressReporter(chapter.id);
  const total = chapter.pages.length;
  const isLast = page >= total;
  const { story } = chapter;

  // ?page= only chooses where to open; from then on the API's progress says where the reader is.
  useEffect(() => {
    if (searchParams.has('page')) {
      setSearchParams(
        (params) => {
          params.delete('page');
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [searchParams, setSearchParams]);

  const turnTo = (next: number) => {
    setSelection(null);
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  const finish = async () => {
    setFinishing(true);
    try {
      await report(total, true);
      await navigate(`/finished-chapter/${chapter.id}`);
    } catch {
      toast.error(t('reader.finish-error'), { id: 'reader-progress' });
      setFinishing(false);
    }
  };

  const next = () => {
    if (finishing) return;
    if (isLast) {
      void finish();
      return;
    }
    report(page).catch(() => toast.error(t('reader.save-error'), { id: 'reader-progress' }));
    turnTo(page + 1);
  };
  const previous = () => {
    if (page > 1) turnTo(page - 1);
  };

  usePageKeys({ onNext: next, onPrevious: previous });
  const swipe = useSwipe({ onNext: next, onPrevious: previous });

  const select = (selected: WordSelection) => {
    setSelection(selected);
    noteLookup(selected.word);
  };

  const pageLabel = t('reader.page-of', { page, total });
  const sentences = useMemo(() => chapter.pages[page - 1]?.sentences ?? [], [chapter, page]);

  const settings = useReaderSettings();
  useReaderTheme(settings.theme);
  const readAloud = useReadAloud(sentences, story.language);

  const statuses = useWordStatuses(story.language).data;
  const showStatus = useShowWordStatus();
  const statusOf = (sentence: ReaderSentence, word: string) =>
    showStatus && statuses ? statusIn(statuses, lemmaIn(sentence, word)) : null;
  // The page's words the learner has never met, offered as known when they turn the page.
  const newLemmas = useMemo(() => {
    if (!statuses) return [];
    const lemmas = sentences.flatMap((sentence) =>
      tokenize(sentence.text)
        .filter((token) => token.word)
        .map((token) => lemmaIn(sentence, token.text)),
    );
    return [...new Set(lemmas)].filter((lemma) => statusIn(statuses, lemma) === 'new');
  }, [sentences, statuses]);
  const markKnown = useMarkKnown(story.language);
  const markKnownAndContinue = () => {
    markKnown.mutate(newLemmas, { onError: () => toast.error(t('reader.mark-known-error')) });
    next();
  };

  return (
    <div className="mx-auto w-full max-w-[68ch]">
      <title>{`${chapter.title} · ${story.title} · Lendo`}</title>
      <div className="sticky top-[calc(4rem+env(safe-area-inset-top))] z-30 -mx-4 -mt-6 border-b border-line bg-canvas/90 px-4 pt-2 pb-2.5 backdrop-blur-md sm:-mx-6 sm:-mt-10 sm:px-6">
        <div className="flex min-h-11 items-center gap-3">
          <Link
            to={`/story/${story.id}`}
            className="-ml-2 inline-flex min-h-11 min-w-0 items-center gap-1.5 rounded-field px-2 text-sm font-semibold text-muted hover:text-ink"
          >
            <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
            <span lang={story.language} className="truncate">
              {story.title}
            </span>
          </Link>
          <p aria-live="polite" className="ml-auto shrink-0 text-sm font-semibold text-muted tabular-nums">
            {pageLabel}
          </p>
          <div className="-mr-1.5 flex shrink-0 items-center">
            <ReadAloudButton readAloud={readAloud} />
            <ReaderSettingsButton />
          </div>
        </div>
        <ProgressBar
          value={page / Math.max(total, 1)}
          label={t('reader.progress-label')}
          valueText={pageLabel}
        />
      </div>

      <article className="pt-8 sm:pt-12" aria-labelledby="chapter-title">
        <header className="mb-7 sm:mb-9">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              {t('reader.chapter-of', { number: chapter.number, total: story.chapters_count })}
            </p>
            <LevelBadge level={story.level} />
          </div>
          <h1
            id="chapter-title"
            lang={story.language}
            className="mt-2 font-reading text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            {chapter.title}
          </h1>
          {chapter.title_translation && chapter.title_translation !== chapter.title && (
            <p className="mt-1 text-muted">{chapter.title_translation}</p>
          )}
        </header>

        <div {...swipe} className="min-h-[40dvh] touch-pan-y">
          <ReaderText
            key={page}
            sentences={sentences}
            language={story.language}
            translationLanguage={chapter.translation_language}
            fontSize={settings.fontSize}
            reading={readAloud.reading}
            selected={selection}
            onSelect={select}
            statusOf={statusOf}
            label={pageLabel}
            hint={t('reader.text-hint')}
          />
        </div>

        <nav aria-label={t('reader.pages-nav')} className="mt-10 grid gap-3">
          {newLemmas.length > 0 && (
            <Button
              variant="secondary"
              onClick={markKnownAndContinue}
              disabled={finishing}
              className="justify-self-stretch sm:justify-self-end"
            >
              <CheckCheck aria-hidden="true" className="size-5" />
              {t('reader.mark-known', { count: newLemmas.length })}
            </Button>
          )}
          <div className="flex items-center gap-3">
            <Button variant="secondary" size="lg" onClick={previous} disabled={page <= 1} className="px-4">
              <ArrowLeft aria-hidden="true" className="size-5" />
              <span className="max-sm:sr-only">{t('reader.previous')}</span>
            </Button>
            <Button size="lg" onClick={next} loading={finishing} className="flex-1 sm:ml-auto sm:flex-none">
              {isLast ? t('reader.finish') : t('reader.next')}
              {isLast ? (
                <Flag aria-hidden="true" className="size-5" />
              ) : (
                <ArrowRight aria-hidden="true" className="size-5" />
              )}
            </Button>
          </div>
          <p className="text-center text-xs text-muted max-desktop:hidden">{t('reader.keys-hint')}</p>
        </nav>
      </article>

      <WordPopup
        selection={selection}
        language={story.language}
        translationLanguage={chapter.translation_language}
        onClose={() => setSelection(null)}
      />
    </div>
  );
}

/** /chapter/{id}: the reading page. A new chapter starts a new reader (page, timer, words). */
export default function ChapterPage() {
  const { id = '' } = useParams();
  const chapter = useChapter(id);
  return <ChapterReader key={chapter.id} chapter={chapter} />;
}
