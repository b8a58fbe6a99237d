import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface WordLanguagePickerProps {
  value: LearningLanguage;
  onChange: (language: LearningLanguage) => void;
}

/** The language of the word looked up: native radios (arrow keys) dressed as a segmented control. */
export function WordLanguagePicker({ value, onChange }: WordLanguagePickerProps) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex gap-1 rounded-full bg-surface-muted p-1">
      <legend className="sr-only">{t('lookup.language-label')}</legend>
      {LEARNING_LANGUAGES.map((language) => (
        <label
          key={language}
          className="relative flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-full px-2 text-sm font-semibold text-muted transition-colors hover:text-ink has-checked:bg-brand-soft has-checked:text-brand-ink has-checked:shadow-sm"
        >
          <input
            type="radio"
            name={name}
            value={language}
            checked={value === language}
            onChange={() => onChange(language)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full"
          />
          {t(`language.${language}`)}
        </label>
      ))}
    </fieldset>
  );
}
