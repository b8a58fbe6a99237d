import { LOCALES, type Locale } from '@lendo/shared';
import { ChevronDown, Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

/** Each language named in itself, as language pickers do. */
export const LOCALE_NAMES: Record<Locale, string> = { pt: 'Português', en: 'English', es: 'Español' };

/** Changes the interface language of the public pages (the account's language is set in settings). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="relative inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <Languages aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-muted" />
      <select
        id={id}
        value={currentLocale()}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className="min-h-11 cursor-pointer appearance-none rounded-full border border-line bg-surface py-2 pr-9 pl-9 text-sm font-medium text-ink hover:border-line-strong"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 size-4 text-muted" />
    </div>
  );
}
