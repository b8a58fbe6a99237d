import {
  toLearningLanguage,
  type LearningLanguage,
  type ReaderSentence,
  type TranslationLanguage,
  type WordStatus,
} from '@lendo/shared';
import { Languages } from 'lucide-react';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import type { FontSize } from '../reader-settings';
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
  /** The language of the sentences' translations. */
  translationLanguage: TranslationLanguage;
  fontSize: FontSize;
  /** The index of the sentence being read aloud, highlighted and kept in view. */
  reading: number | null;
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

/** The story text at each of the reader's font sizes (phones a step smaller). */
const FONT_SIZE_STYLES: Record<FontSize, string> = {
  small: 'text-[17px] leading-[1.8] sm:text-lg sm:leading-[1.85]',
  medium: 'text-[19px] leading-[1.85] sm:text-xl sm:leading-[1.9]',
  large: 'text-[22px] leading-[1.8] sm:text-2xl sm:leading-[1.85]',
};

/** The focusable items of the text, in reading order: its words and each sentence's translation button. */
const ITEMS = '[data-word], [data-translate]';

/**
 * One page of the story, every word a button, each sentence followed by a button that shows its
 * translation beneath it. They are one tab stop (a roving tabindex): once focus is in the text,
 * ← and → move between them, Home and End to the first and last, and Enter or Space opens the
 * word's popup or toggles the translation.
 */
export function ReaderText({
  sentences,
  language,
  translationLanguage,
  fontSize,
  reading,
  selected,
  onSelect,
  statusOf,
  label,
  hint,
}: ReaderTextProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [translated, setTranslated] = useState<ReadonlySet<number>>(new Set());
  const hintId = useId();
  const idPrefix = useId();

  // Each sentence's tokens, its line runs with every word's place among the page's items, and the
  // place of its translation button (-1: the sentence has no translation).
  const layout = useMemo(() => {
    let itemIndex = 0;
    return sentences.map((sentence) => {
      const tokens = tokenize(sentence.text);
      const runs = lineRuns(tokens).map((run) =>
        typeof run === 'string'
          ? run
          : run.map((part) => ({ ...part, itemIndex: part.word ? itemIndex++ : -1 })),
      );
      const translateIndex = sentence.translation ? itemIndex++ : -1;
      return { sentence, tokens, runs, translateIndex };
    });
  }, [sentences]);

  // The sentence being read aloud stays in view.
  useEffect(() => {
    if (reading === null) return;
    const element = containerRef.current?.querySelector(`[data-sentence="${reading}"]`);
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element?.scrollIntoView?.({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, [reading]);

  const toggleTranslation = (sentenceIndex: number) =>
    setTranslated((current) => {
      const next = new Set(current);
      if (!next.delete(sentenceIndex)) next.add(sentenceIndex);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const words = [...(containerRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
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
      <p lang={language} className={cx('font-reading text-pretty', FONT_SIZE_STYLES[fontSize])}>
        {layout.map(({ sentence, tokens, runs, translateIndex }, sentenceIndex) => {
          const open = translated.has(sentenceIndex);
          const translationId = `${idPrefix}-translation-${sentenceIndex}`;
          return (
            <Fragment key={sentenceIndex}>
              {sentenceIndex > 0 && ' '}
              <span
                data-sentence={sentenceIndex}
                data-reading={reading === sentenceIndex || undefined}
                className={cx(
                  'scroll-my-40 rounded-[0.3em] box-decoration-clone transition-colors',
                  // While read aloud the sentence is one tint, its words' status tints give way to it.
                  'data-reading:bg-reading data-reading:[&_[data-status]]:bg-transparent',
                )}
              >
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
                            tabIndex={part.itemIndex === focusIndex ? 0 : -1}
                            onClick={(event) => {
                              setFocusIndex(part.itemIndex);
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
              </span>
              {translateIndex >= 0 && (
                <>
                  {/* A quiet icon in the line, so the text keeps its rhythm; it grows a tint once open. */}
                  <button
                    type="button"
                    data-translate=""
                    aria-expanded={open}
                    aria-controls={open ? translationId : undefined}
                    aria-label={t('reader.translation.show')}
                    title={t('reader.translation.show')}
                    tabIndex={translateIndex === focusIndex ? 0 : -1}
                    onClick={() => {
                      setFocusIndex(translateIndex);
                      toggleTranslation(sentenceIndex);
                    }}
                    className="ml-[0.15em] inline-grid size-[1.6em] place-items-center rounded-full align-[-0.4em] text-muted transition-colors hover:bg-surface-muted hover:text-ink aria-expanded:bg-brand-soft aria-expanded:text-brand-ink"
                  >
                    <Languages aria-hidden="true" className="size-[0.8em]" />
                  </button>
                  {open && (
                    <span
                      id={translationId}
                      lang={toLearningLanguage(translationLanguage)}
                      className="my-2 block border-l-2 border-brand/60 pl-3 font-sans text-[0.8em] leading-normal text-muted"
                    >
                      {sentence.translation}
                    </span>
                  )}
                </>
              )}
            </Fragment>
          );
        })}
      </p>
    </div>
  );
}
