import type { LearningLanguage, ReaderSentence, WordStatus } from '@lendo/shared';
import { Fragment, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '@/lib/cx';
import { lineRuns, tokenize, type Token } from '../tokenize';

/** A word the reader tapped, in its sentence; `anchor` is the word's element on the page. */
export interface WordSelection {
  word: string;
  sentence: ReaderSentence;
  /** The sentence's tokens and which of them is the word, to highlight it in the popup. */
  tokens: Token[];
  tokenIndex: number;
  anchor: HTMLElement;
}

interface ReaderTextProps {
  sentences: readonly ReaderSentence[];
  language: LearningLanguage;
  selected: WordSelection | null;
  onSelect: (selection: WordSelection) => void;
  /** The learner's status of a word of a sentence, to colour it by; null leaves words uncoloured. */
  statusOf: (sentence: ReaderSentence, word: string) => WordStatus | null;
  /** Names the text for assistive technology and says how to use it. */
  label: string;
  hint: string;
}

/** How a word of each status looks in the text: a discreet tint, known and ignored words plain. */
const STATUS_STYLES: Record<WordStatus, string> = {
  new: 'bg-word-new',
  learning:
    'bg-word-learning underline decoration-word-learning-line decoration-[1.5px] underline-offset-[0.22em]',
  known: '',
  ignored: '',
};

/**
 * One page of the story, every word a button. The words are one tab stop (a roving tabindex):
 * once focus is in the text, ← and → move between words, Home and End to the first and last,
 * and Enter or Space opens the word's popup.
 */
export function ReaderText({
  sentences,
  language,
  selected,
  onSelect,
  statusOf,
  label,
  hint,
}: ReaderTextProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const hintId = useId();

  // Each sentence's tokens, and its line runs with every word's place among the page's words.
  const layout = useMemo(() => {
    let wordIndex = 0;
    return sentences.map((sentence) => {
      const tokens = tokenize(sentence.text);
      const runs = lineRuns(tokens).map((run) =>
        typeof run === 'string'
          ? run
          : run.map((part) => ({ ...part, wordIndex: part.word ? wordIndex++ : -1 })),
      );
      return { sentence, tokens, runs };
    });
  }, [sentences]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const words = [...(containerRef.current?.querySelectorAll<HTMLElement>('[data-word]') ?? [])];
    const current = words.indexOf(document.activeElement as HTMLElement);
    if (current < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: words.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(words.length - 1, Math.max(0, target));
    words[next]?.focus();
    setFocusIndex(next);
  };

  return (
    <div ref={containerRef} role="group" aria-label={label} aria-describedby={hintId} onKeyDown={onKeyDown}>
      <p id={hintId} className="sr-only">
        {hint}
      </p>
      <p
        lang={language}
        className="font-reading text-[19px] leading-[1.85] text-pretty sm:text-xl sm:leading-[1.9]"
      >
        {layout.map(({ sentence, tokens, runs }, sentenceIndex) => (
          <Fragment key={sentenceIndex}>
            {sentenceIndex > 0 && ' '}
            {runs.map((run, runIndex) =>
              typeof run === 'string' ? (
                run
              ) : (
                <span key={runIndex} className="whitespace-nowrap">
                  {run.map((part) => {
                    if (!part.word) return part.text;
                    const isSelected =
                      selected !== null &&
                      selected.sentence === sentence &&
                      selected.tokenIndex === part.index;
                    const status = statusOf(sentence, part.text);
                    return (
                      <button
                        key={part.index}
                        type="button"
                        data-word=""
                        data-status={status ?? undefined}
                        tabIndex={part.wordIndex === focusIndex ? 0 : -1}
                        onClick={(event) => {
                          setFocusIndex(part.wordIndex);
                          onSelect({
                            word: part.text,
                            sentence,
                            tokens,
                            tokenIndex: part.index,
                            anchor: event.currentTarget,
                          });
                        }}
                        className={cx(
                          '-mx-[0.12em] rounded-[0.3em] px-[0.12em] transition-colors hover:bg-brand-soft/80 hover:text-brand-ink focus-visible:outline-offset-0',
                          status && STATUS_STYLES[status],
                          isSelected &&
                            'bg-brand-soft text-brand-ink underline decoration-2 underline-offset-[0.2em]',
                        )}
                      >
                        {part.text}
                      </button>
                    );
                  })}
                </span>
              ),
            )}
          </Fragment>
        ))}
      </p>
    </div>
  );
}
