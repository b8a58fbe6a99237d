import { clozeOf, type Cloze, type Flashcard, type ReviewMethod, type ReviewResult } from '@lendo/shared';
import { ArrowRight, Check, Eye, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/field-error';
import { PlaySoundButton } from '@/components/play-sound-button';
import { cx } from '@/lib/cx';
import { diffAnswer } from '../answer-diff';
import type { ReviewPhase } from '../review-session';
import { KeyHint } from './key-hint';

interface ReviewCardProps {
  card: Flashcard;
  method: ReviewMethod;
  phase: ReviewPhase;
  /** The checked Q&A answer, and what was typed. */
  result: ReviewResult | null;
  typed: string;
  /** An answer is being sent: the buttons wait. */
  busy: boolean;
  onReveal: () => void;
  onGuess: (gotIt: boolean) => void;
  onAnswer: (answer: string) => void;
  onNext: () => void;
}

/** The front of the card: the sentence (or word) to recall, read aloud on demand. */
function Front({ card }: { card: Flashcard }) {
  return (
    <div className="grid justify-items-center gap-3 px-2 text-center">
      {card.word && card.word !== card.front && (
        <p lang={card.language} className="text-xs font-semibold tracking-wide text-muted uppercase">
          {card.word}
        </p>
      )}
      <p
        lang={card.language}
        className="font-reading text-2xl leading-snug font-semibold text-balance wrap-anywhere sm:text-3xl"
      >
        {card.front}
      </p>
      <PlaySoundButton text={card.front} language={card.language} look="tinted" />
    </div>
  );
}

/**
 * A cloze (Q&A on a card whose front holds its word): the sentence with the word blanked, and its
 * translation; once checked, the word fills the blank.
 */
function ClozeFront({ card, cloze, filled }: { card: Flashcard; cloze: Cloze; filled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 px-2 text-center">
      <p
        lang={card.language}
        className="font-reading text-2xl leading-snug font-semibold text-balance wrap-anywhere sm:text-3xl"
      >
        {cloze.before}
        {filled ? (
          <mark className="rounded bg-brand-soft px-1 text-brand-ink">{cloze.answer}</mark>
        ) : (
          <span
            className="inline-block min-w-[4ch] border-b-4 border-brand align-baseline"
            aria-hidden="true"
          >
            &nbsp;
          </span>
        )}
        {!filled && <span className="sr-only">{t('review.cloze.blank')}</span>}
        {cloze.after}
      </p>
      <p className="text-pretty wrap-anywhere text-muted">{card.back}</p>
    </div>
  );
}

/** What Q&A asks: the learner types the back (or the missing word); the server checks it. */
function AnswerForm({
  busy,
  cloze,
  onAnswer,
}: {
  busy: boolean;
  cloze: boolean;
  onAnswer: (answer: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [answer, setAnswer] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onAnswer(answer.trim());
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <label htmlFor={id} className="text-sm font-semibold">
        {t(cloze ? 'review.cloze.label' : 'review.qa.label')}
      </label>
      <input
        id={id}
        value={answer}
        onChange={(event) => setAnswer(event.target.value)}
        autoFocus
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="done"
        placeholder={t(cloze ? 'review.cloze.placeholder' : 'review.qa.placeholder')}
        className={inputClasses}
      />
      <Button type="submit" size="lg" block loading={busy} aria-keyshortcuts="Enter">
        {t('review.qa.check')}
        <KeyHint keys="Enter" />
      </Button>
    </form>
  );
}

/** The typed answer against the expected one: letters missing underlined, letters too many struck out. */
function AnswerDiff({ typed, expected }: { typed: string; expected: string }) {
  const { t } = useTranslation();
  return (
    <p className="text-ink">
      <span className="text-sm text-muted">{t('review.qa.yours')}</span>{' '}
      <span className="font-semibold wrap-anywhere" data-testid="answer-diff">
        {diffAnswer(typed, expected).map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'missing' ? (
            <ins key={index} className="rounded-sm bg-success/15 text-success underline decoration-2">
              <span className="sr-only">{t('review.qa.missing')} </span>
              {part.text}
            </ins>
          ) : (
            <del key={index} className="rounded-sm bg-danger/15 text-danger line-through decoration-2">
              <span className="sr-only">{t('review.qa.extra')} </span>
              {part.text}
            </del>
          ),
        )}
      </span>
    </p>
  );
}

/** The checked answer: right or wrong, the expected answer, and what was typed with its differences marked. */
function AnswerResult({
  result,
  typed,
  onNext,
}: {
  result: ReviewResult;
  typed: string;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const differs = diffAnswer(typed, result.expected).some((part) => part.kind !== 'same');
  return (
    <div className="grid gap-4">
      <div
        role="status"
        className={cx(
          'flex items-start gap-3 rounded-field p-4',
          result.correct ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
        )}
      >
        <span className="grid size-7 shrink-0 place-items-center rounded-full bg-current">
          {result.correct ? (
            <Check aria-hidden="true" className="size-4 text-surface" strokeWidth={3} />
          ) : (
            <X aria-hidden="true" className="size-4 text-surface" strokeWidth={3} />
          )}
        </span>
        <div className="grid gap-1">
          <p className="font-bold">{t(result.correct ? 'review.qa.correct' : 'review.qa.wrong')}</p>
          <p className="text-ink">
            <span className="text-sm text-muted">{t('review.qa.expected')}</span>{' '}
            <strong className="font-semibold wrap-anywhere">{result.expected}</strong>
          </p>
          {differs && <AnswerDiff typed={typed} expected={result.expected} />}
        </div>
      </div>
      <Button size="lg" block autoFocus onClick={onNext} aria-keyshortcuts="Enter">
        {t('review.next')}
        <ArrowRight aria-hidden="true" className="size-5" />
        <KeyHint keys="Enter" />
      </Button>
    </div>
  );
}

/**
 * The card under review and what the learner does with it: guess-and-show reveals the back and takes
 * "got it" or "was wrong"; Q&A takes a typed answer and shows whether it was right.
 */
export function ReviewCard({
  card,
  method,
  phase,
  result,
  typed,
  busy,
  onReveal,
  onGuess,
  onAnswer,
  onNext,
}: ReviewCardProps) {
  const { t } = useTranslation();
  const cloze = method === 'qa' ? clozeOf(card) : null;
  let actions;
  if (method === 'qa') {
    actions =
      phase === 'checked' && result ? (
        <AnswerResult result={result} typed={typed} onNext={onNext} />
      ) : (
        <AnswerForm busy={busy} cloze={cloze !== null} onAnswer={onAnswer} />
      );
  } else if (phase === 'question') {
    actions = (
      <Button size="lg" block autoFocus onClick={onReveal} aria-keyshortcuts="Space Enter">
        <Eye aria-hidden="true" className="size-5" />
        {t('review.show-answer')}
        <KeyHint keys={t('review.key.space')} />
      </Button>
    );
  } else {
    actions = (
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          size="lg"
          disabled={busy}
          onClick={() => onGuess(false)}
          aria-keyshortcuts="1 ArrowLeft"
        >
          <X aria-hidden="true" className="size-5 text-danger" />
          {t('review.was-wrong')}
          <KeyHint keys="1" />
        </Button>
        <Button
          variant="success"
          size="lg"
          autoFocus
          disabled={busy}
          onClick={() => onGuess(true)}
          aria-keyshortcuts="2 ArrowRight"
        >
          <Check aria-hidden="true" className="size-5" />
          {t('review.got-it')}
          <KeyHint keys="2" />
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 rounded-sheet bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-8">
      {cloze ? <ClozeFront card={card} cloze={cloze} filled={phase === 'checked'} /> : <Front card={card} />}
      {method === 'guess' && phase === 'revealed' && (
        <div className="grid justify-items-center gap-1 border-t border-line pt-6 text-center">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('review.back')}</p>
          <p className="text-xl font-semibold text-balance wrap-anywhere text-brand-ink">{card.back}</p>
        </div>
      )}
      {actions}
    </div>
  );
}
