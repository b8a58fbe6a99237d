/** The regional variant each interface language writes money in: Brazilian Portuguese, Latin-American Spanish. */
const MONEY_LOCALES: Record<string, string> = { pt: 'pt-BR', es: 'es-419', en: 'en-US' };

/**
 * An amount in minor units (cents) of `currency`, as the interface language writes it:
 * formatMoney(2990, 'BRL', 'pt') → "R$ 29,90", formatMoney(999, 'USD', 'en') → "$9.99".
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(MONEY_LOCALES[locale] ?? locale, { style: 'currency', currency }).format(
    minor / 100,
  );
}
