import { track } from '@/lib/analytics';
import type { ReviewMethod, ReviewQueue } from '@lendo/shared';
import { useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { CalendarCheck, CloudOff, Hourglass, Pencil, X } from 'lucide-react';
import { useEffect, useEffectEvent, useReducer, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ProgressBar } from '@/components/progress-bar';
import { SegmentedControl } from '@/components/segmented-control';
import { StateMessage } from '@/components/state-message';
import { RetryButton } from '@/components/retry-button';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { keyBelongsElsewhere } from '@/lib/keyboard';
import { getReviewQueue, reviewQueueQueryOptions } from '../api/get-review-queue';
import { decksQueryKey } from '../api/query-keys';
import { useSubmitReview } from '../api/submit-review';
import { DeckIconTile } from '../components/deck-icon';
import { ReviewCard } from '../components/review-card';
import { nextReviewText } from '../review-dates';
import { useReviewMethod } from '../review-method';
import {
  afterBatch,
  currentCard,
  reviewReducer,
  startSession,
  tallyOf,
  waitFor,
  type ReviewedState,
} from '../review-session';

/** How often the queue is asked again while the session waits for a card to come due. */
const WAIT_POLL_MS = 5000;

/** Every visit starts a session from the cards due at that moment. */
export function loader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await queryClient.fetchQuery({ ...reviewQueueQueryOptions(params.deckId ?? ''), staleTime: 0 });
    return null;
  };
}

/** Nothing is due: say when something will be, and where to go instead. */
function NothingDue({ queue }: { queue: ReviewQueue }) {
  const { t } = useTranslation();
  const { deck } = queue;
  return (
    <StateMessage
      icon={<CalendarCheck aria-hidden="true" />}
      title={t('review.empty.title')}
      headingLevel={1}
    >
      <p className="text-pretty text-muted">
        {deck.card_count === 0
          ? t('review.empty.no-cards')
          : deck.next_review
            ? t('review.empty.next', { when: nextReviewText(deck.next_review, currentLocale(), t) })
            : t('review.empty.text')}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Link to="/decks" className={buttonClasses()}>
          {t('review.back-to-decks')}
        </Link>
        <Link to={`/flashcards/${deck.id}`} className={buttonClasses({ variant: 'secondary' })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('decks.summary.edit')}
        </Link>
      </div>
    </StateMessage>
  );
}

/**
 * Shortcuts of guess-and-show, in the buttons' order: Space or Enter shows the answer, then 1 or ←
 * was wrong, 2 or → got it.
 * Space and Enter on a focused button or link keep their own meaning (it may be "Show answer" itself).
 */
function useGuessKeys(
  active: boolean,
  revealed: boolean,
  onReveal: () => void,
  onGuess: (gotIt: boolean) => void,
) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!active || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (keyBelongsElsewhere(event.target)) return;
    const onControl = event.target instanceof Element && event.target.closest('a, button') !== null;
    if (!revealed && !onControl && (event.key === ' ' || event.key === 'Enter')) onReveal();
    else if (revealed && (event.key === '1' || event.key === 'ArrowLeft')) onGuess(false);
    else if (revealed && (event.key === '2' || event.key === 'ArrowRight')) onGuess(true);
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * The session waits for a card that comes due within minutes (a learning step): a countdown, and
 * the queue asked again every few seconds and when the countdown ends. The learner may end the
 * session instead of waiting.
 */
function WaitingForCard({
  deckId,
  seconds,
  onQueue,
  onEnd,
}: {
  deckId: string;
  seconds: number;
  onQueue: (queue: ReviewQueue) => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const poll = useEffectEvent(() => {
    getReviewQueue(deckId)
      .then((queue) => {
        const wait = waitFor(queue);
        if (wait === null) onQueue(queue);
        else setDeadline(Date.now() + wait * 1000);
      })
      // A failed poll changes nothing: the next one asks again.
      .catch(() => undefined);
  });
  useEffect(() => {
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const asking = window.setInterval(() => poll(), WAIT_POLL_MS);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(asking);
    };
  }, []);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left === 0) poll();
  }, [left]);
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <StateMessage icon={<Hourglass aria-hidden="true" />} title={t('review.wait.title')}>
      <p className="text-pretty text-muted">{t('review.wait.text')}</p>
      <p className="text-3xl font-bold tabular-nums" role="timer" aria-label={t('review.wait.timer')}>
        {clock}
      </p>
      <Button variant="secondary" className="mt-2" onClick={onEnd}>
        {t('review.wait.end')}
      </Button>
    </StateMessage>
  );
}

function ReviewSessionView({ deckId, queue }: { deckId: string; queue: ReviewQueue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [method, setMethod] = useReviewMethod();
  const [state, dispatch] = useReducer(reviewReducer, queue, startSession);
  const [batchError, setBatchError] = useState<unknown>(null);
  const submit = useSubmitReview();
  const card = currentCard(state);
  const next = afterBatch(state);
  const { deck } = queue;

  const loadMore = () => {
    getReviewQueue(deckId)
      .then((more) => dispatch({ type: 'batch', queue: more }))
      .catch(setBatchError);
  };
  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: decksQueryKey });
    const reviewed: ReviewedState = { tally: tallyOf(state) };
    track('review_session_finished', { reviewed: reviewed.tally.reviewed, correct: reviewed.tally.correct });
    void navigate(`/deck-reviewed/${deckId}`, { replace: true, state: reviewed });
  };
  const onBatchDone = useEffectEvent((what: 'fetch-more' | 'wait' | 'finished') => {
    if (what === 'fetch-more') loadMore();
    else if (what === 'finished') finish();
  });
  useEffect(() => {
    if (next) onBatchDone(next);
  }, [next]);

  const send = (answer: { method: 'guess'; gotIt: boolean } | { method: 'qa'; answer: string }) => {
    if (!card || submit.isPending) return;
    const body =
      answer.method === 'guess'
        ? {
            flashcard: card.id,
            method: 'guess' as const,
            result: answer.gotIt ? ('got_it' as const) : ('was_wrong' as const),
          }
        : { flashcard: card.id, method: 'qa' as const, answer: answer.answer };
    submit.mutate(body, {
      onSuccess: (result) =>
        dispatch({
          type: 'answered',
          result,
          method: answer.method,
          typed: answer.method === 'qa' ? answer.answer : undefined,
        }),
      onError: (error) => toast.error(t(errorCodeOf(error, 'review.answer-error')), { id: 'review-error' }),
    });
  };
  const reveal = () => dispatch({ type: 'reveal' });
  useGuessKeys(
    method === 'guess' && Boolean(card) && !submit.isPending,
    state.phase === 'revealed',
    reveal,
    (gotIt) => send({ method: 'guess', gotIt }),
  );

  const methods: { value: ReviewMethod; label: string }[] = [
    { value: 'guess', label: t('review.method.guess') },
    { value: 'qa', label: t('review.method.qa') },
  ];
  const position = Math.min(state.reviewed + 1, state.total);

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <title>{`${t('review.title')} · ${deck.name} · Lendo`}</title>
      <header className="grid gap-4">
        <div className="flex items-center gap-3">
          <DeckIconTile icon={deck.icon} />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">{t('review.title')}</p>
            <h1 className="truncate text-xl font-bold tracking-tight">{deck.name}</h1>
          </div>
          <Link
            to="/decks"
            className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{t('review.end')}</span>
          </Link>
        </div>
        <SegmentedControl
          legend={t('review.method.label')}
          value={method}
          options={methods}
          onChange={setMethod}
          disabled={state.phase !== 'question' || submit.isPending}
          className="sm:max-w-sm"
        />
        <div className="grid gap-2">
          <p className="flex justify-between text-sm font-medium text-muted tabular-nums">
            <span>{t('review.progress', { current: position, total: state.total })}</span>
            <span>{t('review.correct-so-far', { count: state.correct })}</span>
          </p>
          <ProgressBar
            value={state.total ? state.reviewed / state.total : 0}
            label={t('review.progress-label')}
            valueText={t('review.progress', { current: state.reviewed, total: state.total })}
          />
        </div>
      </header>

      {card ? (
        <ReviewCard
          key={`${card.id}:${state.reviewed}:${method}`}
          card={card}
          method={method}
          phase={state.phase}
          result={state.result}
          typed={state.typed}
          busy={submit.isPending}
          onReveal={reveal}
          onGuess={(gotIt) => send({ method: 'guess', gotIt })}
          onAnswer={(answer) => send({ method: 'qa', answer })}
          onNext={() => dispatch({ type: 'next' })}
        />
      ) : next === 'wait' && state.waitSeconds !== null ? (
        <WaitingForCard
          key={state.total}
          deckId={deckId}
          seconds={state.waitSeconds}
          onQueue={(more) => dispatch({ type: 'batch', queue: more })}
          onEnd={finish}
        />
      ) : batchError ? (
        <div role="alert">
          <StateMessage icon={<CloudOff aria-hidden="true" />} tone="danger" title={t('review.batch-error')}>
            <p className="text-pretty text-muted">{t(errorCodeOf(batchError))}</p>
            <RetryButton
              onClick={() => {
                setBatchError(null);
                loadMore();
              }}
            />
          </StateMessage>
        </div>
      ) : (
        <div className="h-64 animate-pulse rounded-sheet bg-surface-muted" aria-hidden="true" />
      )}
    </div>
  );
}

/** /review/{id} (SPEC §2): the deck's due cards, by guess-and-show or by Q&A. */
export default function ReviewPage() {
  const { deckId = '' } = useParams();
  const queue = useSuspenseQuery(reviewQueueQueryOptions(deckId)).data;
  if (queue.cards.length === 0) return <NothingDue queue={queue} />;
  return <ReviewSessionView key={deckId} deckId={deckId} queue={queue} />;
}
