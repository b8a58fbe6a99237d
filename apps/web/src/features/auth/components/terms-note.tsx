import { useTranslation } from 'react-i18next';

/** The agreement a visitor accepts by signing in or creating an account. */
export function TermsNote() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center text-xs leading-relaxed text-pretty text-muted">{t('auth.terms-note')}</p>
  );
}
