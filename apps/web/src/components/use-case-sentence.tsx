import { toLearningLanguage, type LearningLanguage, type TranslationLanguage } from '@lendo/shared';
import { PlaySoundButton } from '@/components/play-sound-button';
import { cx } from '@/lib/cx';
import { markForms, pickTranslation } from '@/lib/word-view';

interface UseCaseSentenceProps {
  useCase: { sentence: string; translations: { language: TranslationLanguage; translation: string }[] };
  /** The forms of the word to mark in the sentence. */
  forms: readonly string[];
  language: LearningLanguage;
  translationLanguage: TranslationLanguage;
  className?: string;
}

/** A sentence with the forms of a word in bold. */
export function MarkedText({ text, forms }: { text: string; forms: readonly string[] }) {
  return markForms(text, forms).map((run, index) =>
    run.marked ? (
      <strong key={index} className="font-semibold text-brand-ink">
        {run.text}
      </strong>
    ) : (
      run.text
    ),
  );
}

/** An example sentence with the word marked, its translation, and a button that reads it aloud. */
export function UseCaseSentence({
  useCase,
  forms,
  language,
  translationLanguage,
  className,
}: UseCaseSentenceProps) {
  const translation = pickTranslation(useCase.translations, translationLanguage);
  return (
    <div className={cx('flex items-start gap-2', className)}>
      <div className="min-w-0 flex-1">
        <p lang={language} className="font-reading text-[17px] leading-relaxed text-pretty">
          <MarkedText text={useCase.sentence} forms={forms} />
        </p>
        {translation && (
          <p lang={toLearningLanguage(translation.language)} className="mt-1 text-sm text-pretty text-muted">
            {translation.translation}
          </p>
        )}
      </div>
      <PlaySoundButton text={useCase.sentence} language={language} />
    </div>
  );
}
