import type { LearningLanguage } from '@lendo/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';
import { useWordStatusSummary } from '@/lib/word-status';

/**
 * How many words the learner knows in each language they study (DESIGN §5), and how many they are
 * learning: the count grows as they mark words known and learn their cards. Nothing while it loads,
 * nor before the learner has met a word.
 */
export function KnownWords({ languages }: { languages: readonly LearningLanguage[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const summary = useWordStatusSummary();
  const rows = summary.data?.languages.filter((row) => languages.includes(row.language)) ?? [];
  // A learner who has not met a word yet has nothing to count.
  if (!rows.some((row) => row.known + row.learning > 0)) return null;
  const format = new Intl.NumberFormat(currentLocale());
  return (
    <section
      aria-labelledby={titleId}
      data-testid="known-words"
      className="rounded-card border border-line bg-surface px-4 py-3 shadow-card sm:min-w-56"
    >
      <h2 id={titleId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t('home.words.title')}
      </h2>
      <div className="mt-1 grid gap-2">
        {rows.map((row) => (
          <div key={row.language}>
            <p className="flex items-baseline gap-2">
              <strong className="text-2xl font-bold tabular-nums">{format.format(row.known)}</strong>
              <span className="text-sm">{t('home.words.known', { count: row.known })}</span>
            </p>
            <p className="text-xs text-muted">
              {t(`language.${row.language}`)} · {t('home.words.learning', { count: row.learning })}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
