import { readFileSync } from 'node:fs';

export type Locale = 'pt' | 'en' | 'es';
export const LOCALES: Locale[] = ['pt', 'en', 'es'];

const catalogs = new Map<Locale, Record<string, string>>();

/** The interface's text for `key` in `locale`, as the app shows it (`{{name}}` filled from `vars`). */
export function text(locale: Locale, key: string, vars: Record<string, string> = {}): string {
  if (!catalogs.has(locale)) {
    const file = new URL(`../../apps/web/public/locales/${locale}/translation.json`, import.meta.url);
    catalogs.set(locale, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }
  const value = catalogs.get(locale)![key];
  if (typeof value !== 'string') throw new Error(`no text for ${key} in ${locale}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
