import {
  EXAMPLE_SENTENCES_MAX,
  translationLanguageFor,
  type LearningLanguage,
  type WordUseCases,
} from '@lendo/shared';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { PlaySoundButton } from '@/components/play-sound-button';
import { MarkedText } from '@/components/use-case-sentence';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';
import { useWordUseCases } from '@/lib/word-use-cases';
import { normalizeLookup, pickTranslation } from '@/lib/word-view';

/** A flashcard draft made from an example (SPEC §3): the sentence as front, its translation as back. */
export interface ExampleDraft {
  front: string;
  back: string;
}

/** The word's first example sentences as drafts, translated into the learner's translation language. */
export function toDrafts(useCases: WordUseCases['use_cases'], language: LearningLanguage): ExampleDraft[] {
  const preferred = translationLanguageFor(currentLocale(), language);
  return useCases.slice(0, EXAMPLE_SENTENCES_MAX).map((useCase) => ({
    front: useCase.sentence,
    back: pickTranslation(useCase.translations, preferred)?.translation ?? '',
  }));
}

interface ExampleChoicesProps {
  word: string;
  language: LearningLanguage;
  /** The front in the form: the example it came from shows as chosen. */
  selectedFront: string;
  onChoose: (draft: ExampleDraft) => void;
}

/** Up to two example sentences of the word (GET /words); choosing one fills front and back. */
export function ExampleChoices({ word, language, selectedFront, onChoose }: ExampleChoicesProps) {
  const { t } = useTranslation();
  const lookup = normalizeLookup(word);
  const useCases = useWordUseCases({ word: lookup, language }, currentLocale());

  if (!lookup) return <p className="text-sm text-muted">{t('flashcard.examples-no-word')}</p>;
  if (useCases.isPending)
    return (
      <div className="grid gap-2" aria-hidden="true">
        <div className="h-16 animate-pulse rounded-field bg-surface-muted" />
        <div className="h-16 animate-pulse rounded-field bg-surface-muted" />
      </div>
    );
  if (useCases.isError)
    return (
      <InlineRetry
        message={t(errorCodeOf(useCases.error, 'lookup.examples-error'))}
        onRetry={() => void useCases.refetch()}
      />
    );
  const drafts = toDrafts(useCases.data.use_cases, language);
  if (drafts.length === 0) return <p className="text-sm text-muted">{t('lookup.examples-empty')}</p>;

  return (
    <ul className="grid gap-2">
      {drafts.map((draft) => {
        const chosen = draft.front === selectedFront.trim();
        return (
          <li
            key={draft.front}
            className={cx(
              'flex items-start gap-1 rounded-field border transition-colors',
              chosen ? 'border-brand bg-brand-soft/60' : 'border-line hover:border-line-strong',
            )}
          >
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onChoose(draft)}
              className="flex min-h-11 min-w-0 flex-1 items-start gap-3 rounded-field p-3 text-left"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'mt-1 grid size-5 shrink-0 place-items-center rounded-full border',
                  chosen ? 'border-brand bg-brand text-on-brand' : 'border-line-strong',
                )}
              >
                {chosen && <Check className="size-3.5" strokeWidth={3} />}
              </span>
              <span className="min-w-0">
                <span lang={language} className="block font-reading text-base leading-relaxed text-pretty">
                  <MarkedText text={draft.front} forms={[lookup]} />
                </span>
                {draft.back && (
                  <span className="mt-0.5 block text-sm text-pretty text-muted">{draft.back}</span>
                )}
              </span>
            </button>
            <PlaySoundButton text={draft.front} language={language} className="mt-0.5 mr-0.5" />
          </li>
        );
      })}
    </ul>
  );
}
