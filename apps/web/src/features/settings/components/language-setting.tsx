import { LOCALES, type Locale } from '@lendo/shared';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES } from '@/components/language-switcher';
import { SelectField } from '@/components/select-field';
import { currentLocale } from '@/lib/i18n';
import { useUpdateUser } from '../api/update-user';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/**
 * The interface language: the page switches at once and the choice is saved on the account; if the
 * save fails, the previous language comes back.
 */
export function LanguageSetting() {
  const { t, i18n } = useTranslation();
  const updateUser = useUpdateUser();
  const locale = currentLocale();

  const change = (next: Locale) => {
    void i18n.changeLanguage(next);
    updateUser.mutate(
      { locale: next },
      {
        onError: () => {
          void i18n.changeLanguage(locale);
          toast.error(t('profile.error-changing-language'));
        },
      },
    );
  };

  return (
    <div className="border-t border-line pt-4">
      <SelectField
        label={t('settings.language.label')}
        options={OPTIONS}
        value={locale}
        disabled={updateUser.isPending}
        onChange={(event) => change(event.target.value as Locale)}
        className="sm:max-w-xs"
      />
    </div>
  );
}
