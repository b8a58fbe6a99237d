import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lendo/shared';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

const ONE_YEAR_IN_MINUTES = 365 * 24 * 60;

/** Maps any language tag (pt-BR, en-US…) to a supported locale, or to the default one. */
function toLocale(language: string | undefined): Locale {
  const base = language?.split('-')[0]?.toLowerCase() ?? '';
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}

i18n.on('languageChanged', (language: string) => {
  document.documentElement.lang = toLocale(language);
});

/**
 * SPEC §9: pt is the default and the fallback; pt-BR and friends resolve to their language.
 * Settles once the detected language is loaded: a change of language made before then could be
 * undone by that load finishing later.
 */
export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: LOCALES,
    fallbackLng: DEFAULT_LOCALE,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Keys are flat ("auth.login.title"), so neither dots nor colons split them.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    backend: { loadPath: '/locales/{{lng}}/translation.json' },
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      caches: ['cookie', 'localStorage'],
      cookieMinutes: ONE_YEAR_IN_MINUTES,
      cookieOptions: { path: '/', sameSite: 'strict' },
    },
  });

/** The interface language in use, always one of the supported locales. */
export function currentLocale(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

export { i18n };
