import {
  toLearningLanguage,
  type LearningLanguage,
  type TranslationLanguage,
  type WordContextSource,
  type WordRecord,
  type WordStatus,
  WORD_STATUSES,
} from '@lendo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Bot, BookMarked, BookOpenText, Crown, Layers, X } from 'lucide-react';
import { useEffect, useId, type ElementType, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { InlineRetry } from '@/components/inline-retry';
import { Definition } from '@/components/definition';
import { PlaySoundButton } from '@/components/play-sound-button';
import { UseCaseSentence } from '@/components/use-case-sentence';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { useWordContext } from '@/lib/word-context';
import { useWordRecord } from '@/lib/word-record';
import { useWordUseCases } from '@/lib/word-use-cases';
import { lemmaIn, statusIn, useLookUpWord, useSetWordStatus, useWordStatuses } from '@/lib/word-status';
import { groupTranslations, normalizeLookup } from '@/lib/word-view';
import type { WordSelection } from './reader-text';

/** Dictionary entries shown in the popup; the word lookup modal has them all. */
const ENTRIES_SHOWN = 2;

interface WordDetailsProps {
  selection: WordSelection;
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
  /** The element the word is shown in: Dialog.Title in the bottom sheet, a plain heading otherwise. */
  titleAs: ElementType;
  titleId: string;
  onClose: () => void;
}

function Part({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t border-line px-5 py-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function PartSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div className="grid gap-2 py-0.5">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={cx('h-4', index === 0 ? 'w-1/2' : 'w-5/6')} />
      ))}
    </div>
  );
}

function PartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return <InlineRetry message={t(errorCodeOf(error, 'reader.popup.part-error'))} onRetry={onRetry} />;
}

/** The dictionary's senses of the word: lemma, part of speech, definition and translations. */
function DictionaryEntries({
  record,
  language,
  translationLanguage,
}: {
  record: WordRecord;
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
}) {
  const { t } = useTranslation();
  if (record.entries.length === 0)
    return <p className="text-sm text-muted">{t('reader.popup.dictionary-empty')}</p>;
  return (
    <ul className="grid gap-3">
      {record.entries.slice(0, ENTRIES_SHOWN).map((entry, index) => {
        const group = groupTranslations(entry.translations, translationLanguage)[0];
        return (
          <li key={`${entry.lemma}:${entry.pos}:${index}`} className="grid gap-0.5">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <strong lang={language} className="font-semibold">
                {entry.lemma}
              </strong>
              <span className="text-xs font-medium text-muted italic">{t(`pos.${entry.pos}`)}</span>
            </p>
            {group && (
              <p lang={group.language} className="font-semibold text-brand-ink">
                {group.translations.map((item) => item.translation).join(', ')}
              </p>
            )}
            <Definition
              text={group?.translations.find((item) => item.definition)?.definition || entry.definition}
              language={group?.translations.some((item) => item.definition) ? group.language : language}
              target={toLearningLanguage(translationLanguage)}
            />
          </li>
        );
      })}
    </ul>
  );
}

const SOURCE_ICONS = { glossary: BookOpenText, model: Bot, dictionary: BookMarked } as const;

/** Whoever answered the explanation: the story's glossary, a language model, or the dictionary. */
function SourceLabel({ source }: { source: WordContextSource }) {
  const { t } = useTranslation();
  const Icon = SOURCE_ICONS[source];
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5 text-[11px] font-semibold text-muted">
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`reader.popup.source.${source}`)}
    </span>
  );
}

/** The plan's monthly translations are used up: the rest of the popup still works; Pro is offered. */
function TranslationsUsedUp() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-start gap-2">
      <p className="text-sm text-pretty">{t('limits.translations')}</p>
      <Button variant="secondary" onClick={() => openModal('limit-reached', { variant: 'translations' })}>
        <Crown aria-hidden="true" className="size-4 text-pro" />
        {t('reader.popup.see-plans')}
      </Button>
    </div>
  );
}

const STATUS_KEYS: Record<string, WordStatus> = { '1': 'learning', k: 'known', i: 'ignored' };

/**
 * The word's status for this learner, set in one tap or with a key while the popup is open
 * (1 learning, K known, I ignore). Opening the popup is a look-up: a new word becomes learning.
 */
function WordStatusPicker({ lemma, language }: { lemma: string; language: LearningLanguage }) {
  const { t } = useTranslation();
  const statuses = useWordStatuses(language);
  const { mutate: lookUp } = useLookUpWord(language);
  const { mutate: setStatus } = useSetWordStatus(language);
  const status = statusIn(statuses.data, lemma);
  const name = useId();

  useEffect(() => lookUp(lemma), [lookUp, lemma]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const next = STATUS_KEYS[event.key.toLowerCase()];
      if (!next || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && event.target.closest('textarea, input:not([type="radio"])'))
        return;
      event.preventDefault();
      setStatus({ lemma, status: next });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [lemma, setStatus]);

  return (
    <fieldset className="grid grid-cols-4 gap-1 rounded-full bg-surface-muted p-1">
      <legend className="sr-only">{t('reader.status.legend', { word: lemma })}</legend>
      {WORD_STATUSES.map((value) => (
        <label
          key={value}
          className="relative flex min-h-11 min-w-0 cursor-pointer items-center justify-center rounded-full px-0.5 text-[13px] font-semibold text-muted transition-colors hover:text-ink has-checked:bg-surface has-checked:text-ink has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={status === value}
            onChange={() => setStatus({ lemma, status: value })}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full outline-none"
          />
          <span className="pointer-events-none truncate">{t(`reader.status.${value}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Loading, failed, or what `render` makes of the data. */
function QueryPart<T>({
  query,
  lines,
  children,
}: {
  query: UseQueryResult<T>;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PartSkeleton lines={lines} />;
  if (query.isError) return <PartError error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/**
 * What the popup tells about a tapped word: the word and its lemma, the sentence it is in (with its
 * translation), its meaning there (explained by /ai/word-context/), the dictionary's entries and
 * an example from /words. Each part loads, fails and retries on its own. Last, and always in view,
 * "create flashcard" opens the flashcard modal with a draft: the word (its lemma when known), the sentence as front and
 * its translation as back.
 */
export function WordDetails({
  selection,
  language,
  translationLanguage,
  titleAs: Title,
  titleId,
  onClose,
}: WordDetailsProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { word, sentence, tokens, tokenIndex } = selection;
  const lookupWord = normalizeLookup(word);
  // Which of the sentence's words it is, so a word used twice gets the sense of the one tapped.
  const index = tokens.slice(0, tokenIndex).filter((token) => token.word).length;
  const context = useWordContext({ word, sentence: sentence.text, language, index }, locale);
  const usedUp = context.isError && errorCodeOf(context.error) === 'limits.translations';
  const record = useWordRecord({ word: lookupWord, language });
  const useCases = useWordUseCases({ word: lookupWord, language }, locale);

  // The story's own lemma for the word in this sentence, else the dictionary's most likely one.
  const lemma = sentence.lemmas[lookupWord] ?? record.data?.lemmas[0];
  const translation = sentence.translation || context.data?.translation;
  const translationLang = sentence.translation ? translationLanguage : context.data?.target_language;

  return (
    <div className="grid">
      <header className="flex items-start gap-2 py-3 pr-2 pl-5">
        <div className="min-w-0 flex-1 pt-1.5">
          <Title
            id={titleId}
            lang={language}
            className="font-reading text-2xl font-bold tracking-tight wrap-anywhere"
          >
            {word}
          </Title>
          {lemma && lemma !== lookupWord && (
            <p className="mt-0.5 text-sm text-muted">
              <Trans
                i18nKey="lookup.form-of"
                values={{ lemmas: lemma }}
                components={{ lemma: <strong lang={language} className="font-semibold text-ink" /> }}
              />
            </p>
          )}
        </div>
        <PlaySoundButton text={word} language={language} look="tinted" className="mt-0.5" />
        <button
          type="button"
          onClick={onClose}
          className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('common.close')}</span>
        </button>
      </header>

      <div className="px-5 pb-4">
        <WordStatusPicker lemma={lemmaIn(sentence, word)} language={language} />
      </div>

      <Part title={t('reader.popup.sentence')}>
        <div className="flex items-start gap-2">
          <p lang={language} className="min-w-0 flex-1 font-reading text-[17px] leading-relaxed text-pretty">
            {tokens.map((token, index) =>
              index === tokenIndex ? (
                <mark
                  key={index}
                  className="rounded-[0.25em] bg-brand-soft px-[0.1em] font-semibold text-brand-ink"
                >
                  {token.text}
                </mark>
              ) : (
                token.text
              ),
            )}
          </p>
          <PlaySoundButton text={sentence.text} language={language} className="-mt-1.5" />
        </div>
        {translation ? (
          <p
            lang={translationLang && toLearningLanguage(translationLang)}
            className="text-sm text-pretty text-muted"
          >
            {translation}
          </p>
        ) : (
          context.isPending && <PartSkeleton lines={1} />
        )}
      </Part>

      <Part
        title={t('reader.popup.meaning')}
        aside={context.data && <SourceLabel source={context.data.source} />}
      >
        {usedUp ? (
          <TranslationsUsedUp />
        ) : (
          <QueryPart query={context}>
            {(data) => (
              <div className="grid gap-1">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span
                    lang={toLearningLanguage(data.target_language)}
                    className="text-lg font-semibold text-brand-ink"
                  >
                    {data.word_translation || t('reader.popup.meaning-empty')}
                  </span>
                  {data.pos && (
                    <span className="text-xs font-medium text-muted italic">{t(`pos.${data.pos}`)}</span>
                  )}
                </p>
                {data.definition_language && (
                  <Definition
                    text={data.definition}
                    language={data.definition_language}
                    target={toLearningLanguage(data.target_language)}
                  />
                )}
              </div>
            )}
          </QueryPart>
        )}
      </Part>

      <Part title={t('reader.popup.dictionary')}>
        <QueryPart query={record} lines={3}>
          {(data) => (
            <DictionaryEntries record={data} language={language} translationLanguage={translationLanguage} />
          )}
        </QueryPart>
      </Part>

      <Part title={t('reader.popup.example')}>
        <QueryPart query={useCases}>
          {(data) => {
            const example = data.use_cases[0];
            if (!example) return <p className="text-sm text-muted">{t('reader.popup.example-empty')}</p>;
            const forms = [lookupWord, ...(lemma ? [lemma] : []), ...(record.data?.lemmas ?? [])];
            return (
              <UseCaseSentence
                useCase={example}
                forms={forms}
                language={language}
                translationLanguage={translationLanguage}
              />
            );
          }}
        </QueryPart>
      </Part>

      {/* Sticks to the bottom of the scrolling popup, so its main action is always in reach. */}
      <div className="sticky bottom-0 border-t border-line bg-surface px-5 py-4">
        <Button
          variant="secondary"
          block
          onClick={() => {
            onClose();
            openModal('flashcard', {
              word: lemma ?? lookupWord,
              language,
              sentence: sentence.text,
              translation: translation ?? '',
            });
          }}
        >
          <Layers aria-hidden="true" className="size-5" />
          {t('reader.popup.create-flashcard')}
        </Button>
      </div>
    </div>
  );
}
