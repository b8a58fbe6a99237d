import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '@/components/segmented-control';

interface WordLanguagePickerProps {
  value: LearningLanguage;
  onChange: (language: LearningLanguage) => void;
}

/** The language of the word looked up. */
export function WordLanguagePicker({ value, onChange }: WordLanguagePickerProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      legend={t('lookup.language-label')}
      value={value}
      options={LEARNING_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={onChange}
    />
  );
}
