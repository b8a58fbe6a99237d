import {
  toLearningLanguage,
  type DictionaryEntry,
  type LearningLanguage,
  type TranslationLanguage,
} from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { Definition } from '@/components/definition';
import { cx } from '@/lib/cx';
import { groupTranslations, normalizeLookup } from '@/lib/word-view';

interface WordEntryCardProps {
  entry: DictionaryEntry;
  /** The word looked up; the entry names its lemma when it is another word. */
  headword: string;
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
}

/** One sense of the word: part of speech, definition, and translations (the learner's first). */
export function WordEntryCard({ entry, headword, language, translationLanguage }: WordEntryCardProps) {
  const { t } = useTranslation();
  const groups = groupTranslations(entry.translations, translationLanguage);
  const showLemma = normalizeLookup(entry.lemma) !== normalizeLookup(headword);

  return (
    <section className="rounded-card border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
        {showLemma && (
          <h4 lang={language} className="text-lg font-bold tracking-tight wrap-anywhere">
            {entry.lemma}
          </h4>
        )}
        <span className="rounded-full bg-surface-muted px-2.5 py-0.5 text-xs font-semibold text-muted">
          {t(`pos.${entry.pos}`)}
        </span>
      </div>
      <Definition
        text={entry.definition}
        language={language}
        target={toLearningLanguage(translationLanguage)}
        className="mt-2 text-base text-ink"
      />
      {groups.length > 0 && (
        <dl className="mt-4 grid gap-4 border-t border-line pt-4">
          {groups.map((group, groupIndex) => (
            <div key={group.language} className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:gap-x-3">
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase sm:pt-1.5">
                {t(`language.${group.language}`)}
              </dt>
              {group.translations.map((translation, index) => (
                <dd key={index} lang={group.language} className="min-w-0 sm:col-start-2">
                  <p
                    className={cx(
                      'font-semibold wrap-anywhere',
                      groupIndex === 0 && index === 0 ? 'text-lg text-brand-ink' : 'text-base',
                    )}
                  >
                    {translation.translation}
                  </p>
                  {translation.definition && (
                    <p className="text-sm text-pretty text-muted">{translation.definition}</p>
                  )}
                </dd>
              ))}
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
