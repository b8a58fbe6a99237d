import { COMPREHENSION_PASS, type ComprehensionResult, type LearningLanguage } from '@lendo/shared';
import { ArrowRight, Check, CircleHelp, Map as MapIcon, RotateCcw, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useComprehensionCheck, useSubmitComprehensionCheck } from '../api/comprehension-check';

interface ComprehensionCheckProps {
  chapterId: string;
  /** The story's language: the questions are written in it. */
  language: LearningLanguage;
  /** The reading path the chapter belongs to, `<language>-<level>`. */
  pathId: string;
  nextChapterId: string | null;
}

type OptionState = 'idle' | 'right' | 'wrong' | 'answer';

/** How an option looks once the answers are marked: the one chosen right or wrong, the right one shown. */
function optionState(
  result: ComprehensionResult | undefined,
  question: number,
  option: number,
  chosen?: number,
) {
  const mark = result?.results[question];
  if (!mark) return 'idle';
  if (option === chosen) return mark.correct ? 'right' : 'wrong';
  return option === mark.answer ? 'answer' : 'idle';
}

const OPTION_CLASSES: Record<OptionState, string> = {
  idle: 'border-line bg-surface has-checked:border-brand has-checked:bg-brand-soft',
  right: 'border-success bg-success-soft',
  wrong: 'border-danger bg-danger-soft',
  answer: 'border-success border-dashed',
};

/** Where to go after a passed check: the next chapter, or back to the path. */
function NextSteps({ pathId, nextChapterId }: { pathId: string; nextChapterId: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 sm:flex sm:justify-center">
      {nextChapterId && (
        <Link to={`/chapter/${nextChapterId}`} className={buttonClasses({ size: 'lg' })}>
          {t('finished.next')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Link>
      )}
      <Link
        to={`/graded-reader/${pathId}`}
        className={buttonClasses({ size: 'lg', variant: nextChapterId ? 'secondary' : 'primary' })}
      >
        <MapIcon aria-hidden="true" className="size-5" />
        {t('check.back-to-path')}
      </Link>
    </div>
  );
}

/**
 * The chapter's comprehension check (graded reader): three questions in the story's language, each a
 * native radio group (arrow keys move within it). "Check answers" marks each one right or wrong and
 * shows the right option; a pass (COMPREHENSION_PASS right) tells the points earned and leads on, a
 * fail offers to try again.
 */
export function ComprehensionCheck({ chapterId, language, pathId, nextChapterId }: ComprehensionCheckProps) {
  const { t } = useTranslation();
  const check = useComprehensionCheck(chapterId, true);
  const submit = useSubmitComprehensionCheck(chapterId);
  const [answers, setAnswers] = useState<(number | undefined)[]>([]);
  const [missing, setMissing] = useState(false);
  const heading = useId();
  const formId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const result = submit.data;

  const frame = (children: ReactNode) => (
    <section
      aria-labelledby={heading}
      className="grid gap-5 rounded-card bg-surface p-5 text-left shadow-card ring-1 ring-line/60 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={heading} className="flex items-center gap-2 text-xl font-bold tracking-tight">
          <CircleHelp aria-hidden="true" className="size-6 text-brand-ink" />
          {t('check.title')}
        </h2>
        <p className="text-sm text-pretty text-muted">{t('check.text', { count: COMPREHENSION_PASS })}</p>
      </div>
      {children}
    </section>
  );

  if (check.isError) {
    return frame(<InlineRetry message={t('check.load-error')} onRetry={() => void check.refetch()} />);
  }
  if (!check.data) {
    return frame(
      <div className="grid gap-3" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-28 rounded-field" />
        ))}
      </div>,
    );
  }

  const { questions } = check.data;
  if (check.data.passed && !result) {
    return frame(
      <>
        <p className="flex items-center gap-2 rounded-field bg-success-soft p-3 font-semibold text-success">
          <Check aria-hidden="true" className="size-5" strokeWidth={3} />
          {t('check.already-passed')}
        </p>
        <NextSteps pathId={pathId} nextChapterId={nextChapterId} />
      </>,
    );
  }

  const choose = (question: number, option: number) => {
    setAnswers((current) => {
      const next = [...current];
      next[question] = option;
      return next;
    });
    setMissing(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = questions.map((_, index) => answers[index]);
    const firstMissing = chosen.findIndex((answer) => answer === undefined);
    if (firstMissing >= 0) {
      setMissing(true);
      formRef.current?.querySelectorAll('fieldset')[firstMissing]?.querySelector('input')?.focus();
      return;
    }
    submit.mutate(chosen as number[], {
      onSuccess: () => requestAnimationFrame(() => resultRef.current?.focus()),
    });
  };

  const tryAgain = () => {
    submit.reset();
    setAnswers([]);
    requestAnimationFrame(() => formRef.current?.querySelector('input')?.focus());
  };

  return frame(
    <>
      <form id={formId} ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
        {questions.map((question, index) => {
          const mark = result?.results[index];
          return (
            <fieldset
              key={index}
              disabled={Boolean(result) || submit.isPending}
              aria-invalid={(missing && answers[index] === undefined) || undefined}
              className="grid gap-2"
            >
              <legend lang={language} className="mb-2 flex items-start gap-2 font-semibold text-pretty">
                <span className="text-muted tabular-nums">{index + 1}.</span>
                <span>{question.question}</span>
                {mark && (
                  <span className="sr-only"> {mark.correct ? t('check.right') : t('check.wrong')}</span>
                )}
              </legend>
              {question.options.map((option, optionIndex) => {
                const state = optionState(result, index, optionIndex, answers[index]);
                return (
                  <label
                    key={optionIndex}
                    className={cx(
                      'flex min-h-12 cursor-pointer items-center gap-3 rounded-field border-2 px-3.5 py-2.5 transition-colors has-disabled:cursor-default',
                      OPTION_CLASSES[state],
                      state === 'idle' && !result && 'hover:border-line-strong',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${formId}-q${index}`}
                      value={optionIndex}
                      checked={answers[index] === optionIndex}
                      onChange={() => choose(index, optionIndex)}
                      className="size-5 shrink-0 accent-brand"
                    />
                    <span lang={language} className="flex-1 text-pretty">
                      {option}
                    </span>
                    {state === 'right' && (
                      <span className="flex items-center gap-1 text-sm font-semibold text-success">
                        <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                        {t('check.right')}
                      </span>
                    )}
                    {state === 'wrong' && (
                      <span className="flex items-center gap-1 text-sm font-semibold text-danger">
                        <X aria-hidden="true" className="size-4" strokeWidth={3} />
                        {t('check.wrong')}
                      </span>
                    )}
                    {state === 'answer' && (
                      <span className="text-sm font-semibold text-success">{t('check.right-answer')}</span>
                    )}
                  </label>
                );
              })}
            </fieldset>
          );
        })}
        {!result && (
          <div className="grid gap-2 sm:flex sm:items-center sm:justify-between">
            <p role="alert" className={cx('text-sm font-semibold text-danger', !missing && 'sr-only')}>
              {missing ? t('check.answer-all') : ''}
            </p>
            <Button type="submit" size="lg" loading={submit.isPending}>
              {t('check.submit')}
            </Button>
          </div>
        )}
        {submit.isError && (
          <p role="alert" className="text-sm font-semibold text-danger">
            {t(errorCodeOf(submit.error, 'check.submit-error'))}
          </p>
        )}
      </form>

      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className={cx(
            'grid gap-4 rounded-field p-4 text-center outline-none focus-visible:ring-2 focus-visible:ring-ring',
            result.passed ? 'bg-success-soft' : 'bg-danger-soft',
          )}
        >
          <div className="grid gap-1">
            <p className={cx('text-lg font-bold', result.passed ? 'text-success' : 'text-danger')}>
              {result.passed ? t('check.passed') : t('check.failed')}
            </p>
            <p>{t('check.score', { score: result.score, total: questions.length })}</p>
            {result.passed && result.points_awarded > 0 && (
              <p className="text-lg font-bold text-pro">
                {t('check.points', { count: result.points_awarded })}
              </p>
            )}
            {!result.passed && (
              <p className="text-sm text-muted">{t('check.failed-hint', { count: COMPREHENSION_PASS })}</p>
            )}
          </div>
          {result.passed ? (
            <NextSteps pathId={pathId} nextChapterId={nextChapterId} />
          ) : (
            <div className="flex justify-center">
              <Button size="lg" onClick={tryAgain}>
                <RotateCcw aria-hidden="true" className="size-5" />
                {t('check.try-again')}
              </Button>
            </div>
          )}
        </div>
      )}
    </>,
  );
}
