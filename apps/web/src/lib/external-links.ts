import type { Locale } from '@lendo/shared';

/** Help and support documentation, one site per interface language; opened in a new tab. */
export const HELP_CENTER_URLS: Record<Locale, string> = {
  pt: 'https://help.lendo.app/pt-br/',
  en: 'https://help.lendo.app/en/',
  es: 'https://help.lendo.app/es/',
};
