import {
  GENRES,
  LEVELS,
  STORY_GEN_CHAPTERS_MAX,
  type Genre,
  type Level,
  type StoryCard,
  type StoryGenHome,
} from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { BookOpen, CloudOff, Library, Sparkles, Target } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { RetryButton } from '@/components/retry-button';
import { SegmentedControl } from '@/components/segmented-control';
import { SelectField } from '@/components/select-field';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { StateMessage } from '@/components/state-message';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { openModal } from '@/lib/modals';
import { genreLabelKey, levelLabelKey } from '@/lib/story-labels';
import { storyGenHomeQueryOptions, useOwnStoryActions, useStoryGenHome } from '../api/story-gen';
import { OwnStories } from '../components/own-stories';
import { StreamedStory } from '../components/streamed-story';
import { WordChooser } from '../components/word-chooser';
import { useStoryStream, type StoryStream } from '../use-story-stream';

/** Starts loading the generator's page while its code loads. */
export function loader(queryClient: QueryClient) {
  return () => {
    void queryClient.prefetchQuery(storyGenHomeQueryOptions());
    return null;
  };
}

const LENGTHS = Array.from({ length: STORY_GEN_CHAPTERS_MAX }, (_, i) => String(i + 1));

/** How the generator writes here, and what the plan allows. */
function ModeNotice({ home }: { home: StoryGenHome }) {
  const { t } = useTranslation();
  if (home.mode === 'practice') {
    return (
      <p className="flex items-start gap-3 rounded-card bg-brand-soft p-4 text-sm text-pretty text-brand-ink">
        <Library aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          <strong className="block font-semibold">{t('story-gen.practice.title')}</strong>
          {t('story-gen.practice.text')}
        </span>
      </p>
    );
  }
  const { used, limit } = home.ai_sentences;
  return (
    <p className="flex items-start gap-3 rounded-card bg-pro-soft p-4 text-sm text-pretty">
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-pro" />
      <span>
        <strong className="block font-semibold">{t('story-gen.ai.title')}</strong>
        {!home.can_generate ? (
          <>
            {t('story-gen.ai.basic')}{' '}
            <Link to="/plans" className="font-semibold text-brand-ink underline underline-offset-2">
              {t('story-gen.ai.see-plans')}
            </Link>
          </>
        ) : limit === null ? (
          t('story-gen.ai.unlimited')
        ) : (
          t('story-gen.ai.allowance', { used, limit })
        )}
      </span>
    </p>
  );
}

/** The known-word coverage of the text just written, against the 90–98% a comfortable read needs. */
function CoverageCard({ stream, language }: { stream: StoryStream; language: string }) {
  const { t } = useTranslation();
  const result = stream.result!;
  const { coverage } = result;
  const percent = Math.round(coverage.share * 100);
  return (
    <section
      aria-label={t('story-gen.coverage.label')}
      className={cx(
        'grid gap-3 rounded-card p-4 ring-1 ring-inset',
        coverage.verdict === 'within' ? 'bg-success-soft ring-success/30' : 'bg-surface-muted ring-line',
      )}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Target aria-hidden="true" className="size-5 shrink-0" />
        {t('story-gen.coverage.share', { percent, known: coverage.known, words: coverage.words })}
      </p>
      <p className="text-sm text-pretty">{t(`story-gen.coverage.${coverage.verdict}`)}</p>
      {coverage.practised.length > 0 && (
        <p className="text-sm text-pretty">
          {t('story-gen.coverage.practised')}{' '}
          {coverage.practised.map((word) => (
            <mark key={word} lang={language} className="mr-1 rounded bg-pro-soft px-1 font-semibold text-ink">
              {word}
            </mark>
          ))}
        </p>
      )}
      {coverage.missing.length > 0 && (
        <p className="text-sm text-pretty text-muted">
          {t('story-gen.coverage.missing', { words: coverage.missing.join(', ') })}
        </p>
      )}
      <Link to={`/chapter/${result.firstChapterId}`} className={buttonClasses({ size: 'lg' })}>
        <BookOpen aria-hidden="true" className="size-5" />
        {t('story-gen.output.read')}
      </Link>
    </section>
  );
}

function PageSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden="true">
      <Skeleton className="h-20 rounded-card" />
      <Skeleton className="h-80 rounded-card" />
    </div>
  );
}

/**
 * /story-gen: a new story at the learner's level, built around the words they practise, streamed
 * onto the page as it is written and saved to their own library; without a language model,
 * practice reading assembled from library sentences.
 */
export default function StoryGenPage() {
  const { t } = useTranslation();
  const home = useStoryGenHome();
  const { refresh } = useOwnStoryActions();
  const { state: stream, start } = useStoryStream(() => void refresh());
  const [level, setLevel] = useState<Level | null>(null);
  const [genre, setGenre] = useState<Genre>('adventure');
  const [length, setLength] = useState('1');
  const [words, setWords] = useState<string[] | null>(null);
  const [rewriting, setRewriting] = useState<StoryCard | null>(null);
  const outputId = useId();
  const data = home.data;

  // A refusal for the plan opens the upgrade modal instead of an error.
  useEffect(() => {
    if (stream.error === 'limits.ai-sentences') openModal('limit-reached', { variant: 'ai-sentences' });
  }, [stream.error]);

  if (home.isError) {
    return (
      <div role="alert">
        <StateMessage icon={<CloudOff aria-hidden="true" />} tone="danger" title={t('story-gen.load-error')}>
          <p className="text-pretty text-muted">{t(errorCodeOf(home.error))}</p>
          <RetryButton loading={home.isFetching} onClick={() => void home.refetch()} />
        </StateMessage>
      </div>
    );
  }

  const chosenLevel = level ?? data?.level ?? 'elementary';
  const chosenWords = words ?? data?.suggested_words.slice(0, 5).map((w) => w.lemma) ?? [];
  const writing = stream.status === 'writing';
  const practice = data?.mode === 'practice';
  const needsWords = practice && chosenWords.length === 0;

  const generate = () => {
    if (!data) return;
    if (!data.can_generate && !practice) {
      openModal('limit-reached', { variant: 'ai-sentences' });
      return;
    }
    setRewriting(null);
    void start({ body: { level: chosenLevel, genre, chapters: Number(length), words: chosenWords } });
    document.getElementById(outputId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const rewrite = (story: StoryCard, chapter: number) => {
    if (data && !data.can_generate && !practice) {
      openModal('limit-reached', { variant: 'ai-sentences' });
      return;
    }
    setRewriting(story);
    void start({ storyId: story.id, chapter });
    document.getElementById(outputId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const shownWords = stream.result?.coverage.practised ?? chosenWords;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>{`${t('story-gen.title')} · Lendo`}</title>
      <header className="grid gap-1">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
          <Sparkles aria-hidden="true" className="size-8 text-pro" />
          {t('story-gen.title')}
        </h1>
        <p className="text-pretty text-muted">{t('story-gen.subtitle')}</p>
      </header>

      {!data ? (
        <PageSkeleton />
      ) : (
        <>
          <ModeNotice home={data} />
          <form
            className="grid gap-5 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60"
            onSubmit={(event) => {
              event.preventDefault();
              generate();
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label={t('story-gen.form.level')}
                value={chosenLevel}
                disabled={writing}
                options={LEVELS.map((value) => ({ value, label: t(levelLabelKey(value)) }))}
                onChange={(event) => setLevel(event.target.value as Level)}
              />
              {!practice && (
                <SelectField
                  label={t('story-gen.form.genre')}
                  value={genre}
                  disabled={writing}
                  options={GENRES.map((value) => ({ value, label: t(genreLabelKey(value)) }))}
                  onChange={(event) => setGenre(event.target.value as Genre)}
                />
              )}
            </div>
            <div className="grid gap-1.5">
              <span className="text-sm font-semibold" aria-hidden="true">
                {t('story-gen.form.length')}
              </span>
              <SegmentedControl
                legend={t('story-gen.form.length')}
                value={length}
                disabled={writing}
                options={LENGTHS.map((value) => ({
                  value,
                  label: t('story-gen.form.chapters', { count: Number(value) }),
                }))}
                onChange={setLength}
              />
            </div>
            <WordChooser
              words={chosenWords}
              suggestions={data.suggested_words.map((w) => w.lemma)}
              language={data.language}
              onChange={setWords}
              disabled={writing}
            />
            {needsWords && <p className="text-sm text-muted">{t('story-gen.practice.needs-words')}</p>}
            <Button type="submit" size="lg" loading={writing} disabled={needsWords}>
              {practice ? (
                <Library aria-hidden="true" className="size-5" />
              ) : (
                <Sparkles aria-hidden="true" className="size-5" />
              )}
              {t(practice ? 'story-gen.form.assemble' : 'story-gen.form.write')}
            </Button>
          </form>

          <section id={outputId} aria-live="polite" aria-busy={writing} className="grid scroll-mt-24 gap-4">
            {stream.status !== 'idle' && (
              <div className="grid gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60">
                {rewriting && stream.rewriting && (
                  <p className="text-sm font-semibold text-muted">
                    {t('story-gen.output.rewriting', { number: stream.rewriting, title: rewriting.title })}
                  </p>
                )}
                {writing && (
                  <p role="status" className="flex items-center gap-2 text-sm font-semibold text-muted">
                    <Spinner className="size-4" />
                    {t(
                      stream.repairing
                        ? 'story-gen.output.repairing'
                        : practice
                          ? 'story-gen.output.assembling'
                          : 'story-gen.output.writing',
                    )}
                  </p>
                )}
                {stream.status === 'failed' && stream.error !== 'limits.ai-sentences' && (
                  <div className="grid gap-3">
                    <FormAlert code={stream.error ?? 'error.unexpected'} />
                    <Button variant="secondary" onClick={generate} className="justify-self-start">
                      {t('common.retry')}
                    </Button>
                  </div>
                )}
                <StreamedStory
                  title={stream.title}
                  chapters={stream.chapters}
                  language={data.language}
                  practised={shownWords}
                />
                {stream.status === 'done' && <CoverageCard stream={stream} language={data.language} />}
              </div>
            )}
          </section>

          <OwnStories stories={data.stories} busy={writing} onRewrite={rewrite} />
        </>
      )}
    </div>
  );
}
