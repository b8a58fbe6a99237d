import type { Flashcard, ReviewMethod, ReviewResult } from '@lendo/shared';
import { ArrowRight, Check, Eye, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { inputClasses } from '@/components/field-error';
import { PlaySoundButton } from '@/components/play-sound-button';
import { cx } from '@/lib/cx';
import type { ReviewPhase } from '../review-session';
import { KeyHint } from './key-hint';

interface ReviewCardProps {
  card: Flashcard;
  method: ReviewMethod;
  phase: ReviewPhase;
  /** The checked Q&A answer. */
  result: ReviewResult | null;
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
        className="font-reading text-2xl leading-snug font-semibold text-balance break-words sm:text-3xl"
      >
        {card.front}
      </p>
      <PlaySoundButton text={card.front} language={card.language} look="tinted" />
    </div>
  );
}

/** What Q&A asks: the learner types the back; the answer is checked by the server. */
function AnswerForm({ busy, onAnswer }: { busy: boolean; onAnswer: (answer: string) => void }) {
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
        {t('review.qa.label')}
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
        placeholder={t('review.qa.placeholder')}
        className={inputClasses}
      />
      <Button type="submit" size="lg" block loading={busy} aria-keyshortcuts="Enter">
        {t('review.qa.check')}
        <KeyHint keys="Enter" />
      </Button>
    </form>
  );
}

/** The checked answer: right or wrong, and the expected answer. */
function AnswerResult({ result, onNext }: { result: ReviewResult; onNext: () => void }) {
  const { t } = useTranslation();
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
            <strong className="font-semibold break-words">{result.expected}</strong>
          </p>
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
  busy,
  onReveal,
  onGuess,
  onAnswer,
  onNext,
}: ReviewCardProps) {
  const { t } = useTranslation();
  let actions;
  if (method === 'qa') {
    actions =
      phase === 'checked' && result ? (
        <AnswerResult result={result} onNext={onNext} />
      ) : (
        <AnswerForm busy={busy} onAnswer={onAnswer} />
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
          aria-keyshortcuts="2 ArrowLeft"
        >
          <X aria-hidden="true" className="size-5 text-danger" />
          {t('review.was-wrong')}
          <KeyHint keys="2" />
        </Button>
        <Button
          variant="success"
          size="lg"
          autoFocus
          disabled={busy}
          onClick={() => onGuess(true)}
          aria-keyshortcuts="1 ArrowRight"
        >
          <Check aria-hidden="true" className="size-5" />
          {t('review.got-it')}
          <KeyHint keys="1" />
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6 rounded-sheet bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-8">
      <Front card={card} />
      {method === 'guess' && phase === 'revealed' && (
        <div className="grid justify-items-center gap-1 border-t border-line pt-6 text-center">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('review.back')}</p>
          <p className="text-xl font-semibold text-balance break-words text-brand-ink">{card.back}</p>
        </div>
      )}
      {actions}
    </div>
  );
}
