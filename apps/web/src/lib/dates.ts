/**
 * A day as the interface language writes it in full, e.g. "March 4, 2026" / "4 de março de 2026",
 * in the learner's own time zone (the browser's).
 */
export function formatDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** A short day for tables and lists, e.g. "Mar 4, 2026" / "4 de mar. de 2026". */
export function formatShortDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}
