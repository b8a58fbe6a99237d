import type { LearningLanguage, TranslationLanguage, WordUseCases } from '@lendo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { UseCaseSentence } from '@/components/use-case-sentence';
import { USE_CASES_SHOWN } from '@/lib/word-use-cases';
import { ExamplesSkeleton } from './lookup-states';

interface UseCaseListProps {
  useCases: UseQueryResult<WordUseCases>;
  /** The forms of the word to highlight in the sentences. */
  forms: readonly string[];
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
}

/** Up to two sentences that use the word, each with its translation and a play-sound button. */
export function UseCaseList({ useCases, forms, language, translationLanguage }: UseCaseListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const shown = useCases.data?.use_cases.slice(0, USE_CASES_SHOWN) ?? [];

  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-3 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('lookup.examples')}
      </h4>
      {useCases.isPending ? (
        <ExamplesSkeleton />
      ) : useCases.isError ? (
        <InlineRetry message={t('lookup.examples-error')} onRetry={() => void useCases.refetch()} />
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted">{t('lookup.examples-empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {shown.map((useCase) => {
            return (
              <li key={useCase.sentence} className="rounded-card bg-surface-muted/70 py-3 pr-2 pl-4">
                <UseCaseSentence
                  useCase={useCase}
                  forms={forms}
                  language={language}
                  translationLanguage={translationLanguage}
                  className="py-1"
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
