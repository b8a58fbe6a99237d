import type { LearningLanguage } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';

/**
 * A definition, in the learner's language when there is one; one written only in another
 * language says which, so it is never passed off as the learner's.
 */
export function Definition({
  text,
  language,
  target,
  className,
}: {
  text: string;
  language: LearningLanguage;
  /** The learner's translation language. */
  target: LearningLanguage;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!text) return null;
  return (
    <p className={cx('text-sm text-pretty text-muted', className)}>
      {language !== target && (
        <span className="mr-1.5 rounded bg-surface-muted px-1.5 py-0.5 text-[11px] font-semibold">
          {t('reader.popup.definition-in', { language: t(`language.${language}`) })}
        </span>
      )}
      <span lang={language}>{text}</span>
    </p>
  );
}
