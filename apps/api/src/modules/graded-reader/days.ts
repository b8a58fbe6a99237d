const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day `n` days after `day` (YYYY-MM-DD; n may be negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week `day` falls in (YYYY-MM-DD). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
