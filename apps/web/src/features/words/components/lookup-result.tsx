import {
  translationLanguageFor,
  type LearningLanguage,
  type TranslationLanguage,
  type WordRecord,
  type WordUseCases,
} from '@lendo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PlaySoundButton } from '@/components/play-sound-button';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { useWordRecord } from '@/lib/word-record';
import { useWordUseCases } from '@/lib/word-use-cases';
import { groupTranslations, lemmasOtherThan } from '@/lib/word-view';
import { LookupFailed, LookupIdle, LookupSkeleton, NoEntry } from './lookup-states';
import { UseCaseList } from './use-case-list';
import { WordEntryCard } from './word-entry-card';

interface LookupResultProps {
  /** The normalized word; empty before anything is typed. */
  word: string;
  language: LearningLanguage;
  onSearchIn: (language: LearningLanguage) => void;
}

/**
 * What the lookup found: the entry (from the dictionary service) and its use cases (from the API),
 * fetched side by side. A visually hidden status line tells screen readers how the search went.
 */
export function LookupResult({ word, language, onSearchIn }: LookupResultProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const record = useWordRecord({ word, language });
  const useCases = useWordUseCases({ word, language }, locale);

  let status = '';
  let content: ReactNode;
  if (!word) {
    content = <LookupIdle />;
  } else if (record.isPending) {
    status = t('common.loading');
    content = <LookupSkeleton />;
  } else if (record.isError) {
    const code = errorCodeOf(record.error, 'error.dictionary-unavailable');
    status = t(code);
    content = <LookupFailed code={code} onRetry={() => void record.refetch()} />;
  } else if (record.data.entries.length === 0) {
    status = t('lookup.empty.title', { word });
    content = <NoEntry word={word} language={language} onSearchIn={onSearchIn} />;
  } else {
    status = t('lookup.results-for', { word: record.data.word });
    content = (
      <WordResult
        record={record.data}
        useCases={useCases}
        translationLanguage={translationLanguageFor(locale, language)}
      />
    );
  }

  return (
    <>
      <p role="status" className="sr-only">
        {status}
      </p>
      {content}
    </>
  );
}

interface WordResultProps {
  record: WordRecord;
  useCases: UseQueryResult<WordUseCases>;
  translationLanguage: TranslationLanguage;
}

function WordResult({ record, useCases, translationLanguage }: WordResultProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const lemmas = lemmasOtherThan(record.word, record.entries);
  const lemmaList = new Intl.ListFormat(currentLocale(), { type: 'disjunction' }).format(lemmas);

  return (
    <article aria-labelledby={headingId} className="grid gap-6">
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">
            {t(`language.${record.language}`)}
          </p>
          <h3
            id={headingId}
            lang={record.language}
            className="mt-0.5 text-3xl font-bold tracking-tight wrap-anywhere"
          >
            {record.word}
          </h3>
          {lemmas.length > 0 && (
            <p className="mt-1 text-muted">
              <Trans
                i18nKey="lookup.form-of"
                values={{ lemmas: lemmaList }}
                components={{ lemma: <strong lang={record.language} className="font-semibold text-ink" /> }}
              />
            </p>
          )}
        </div>
        <PlaySoundButton text={record.word} language={record.language} look="tinted" className="mt-4" />
      </header>
      <ul className="grid gap-3">
        {record.entries.map((entry, index) => (
          <li key={`${entry.lemma}:${entry.pos}:${index}`}>
            <WordEntryCard
              entry={entry}
              headword={record.word}
              language={record.language}
              translationLanguage={translationLanguage}
            />
          </li>
        ))}
      </ul>
      <UseCaseList
        useCases={useCases}
        forms={[record.word, ...record.lemmas]}
        language={record.language}
        translationLanguage={translationLanguage}
      />
      <Button
        variant="secondary"
        block
        onClick={() => {
          // The word as a card: its lemma on the front, its first translation for the learner on the back.
          const lemma = record.lemmas[0] ?? record.word;
          const entry = record.entries.find((e) => e.lemma === lemma) ?? record.entries[0];
          const back = entry && groupTranslations(entry.translations, translationLanguage)[0];
          openModal('flashcard', {
            word: lemma,
            language: record.language,
            sentence: lemma,
            translation: back?.translations[0]?.translation ?? '',
          });
        }}
      >
        <Layers aria-hidden="true" className="size-5" />
        {t('lookup.create-flashcard')}
      </Button>
    </article>
  );
}
