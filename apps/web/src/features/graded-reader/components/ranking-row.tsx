import type { RankingEntry } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { LevelBadge } from '@/components/level-badge';
import { UserAvatar } from '@/components/user-avatar';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';

/** The first three places wear medal colours. */
const PODIUM: Record<number, string> = {
  1: 'bg-amber-400 text-amber-950',
  2: 'bg-slate-300 text-slate-900',
  3: 'bg-orange-300 text-orange-950',
};

/** One learner on a board: place (shared by ties), avatar, name, level and points; the learner's own row stands out. */
export function RankingRow({ entry }: { entry: RankingEntry }) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(currentLocale());
  return (
    <div
      aria-current={entry.is_me || undefined}
      className={cx(
        'flex min-h-14 items-center gap-3 rounded-field px-3 py-2',
        entry.is_me ? 'bg-brand-soft ring-2 ring-brand' : 'odd:bg-surface-muted/40',
      )}
    >
      <span
        className={cx(
          'grid h-8 min-w-8 shrink-0 place-items-center rounded-full px-1.5 text-sm font-bold tabular-nums',
          PODIUM[entry.rank] ?? 'text-muted',
        )}
      >
        <span className="sr-only">{t('ranking.place')} </span>
        {number.format(entry.rank)}
      </span>
      <UserAvatar
        user={{ avatar_url: entry.avatar_url, name: '', username: entry.username }}
        className="size-9 shrink-0 text-sm"
      />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <span className={cx('truncate font-semibold', entry.is_me && 'text-brand-ink')}>
          {entry.username}
          {entry.is_me && <span className="font-normal text-muted"> {t('ranking.you')}</span>}
        </span>
        <LevelBadge level={entry.level} className="max-sm:hidden" />
      </div>
      <span className="shrink-0 text-right font-bold tabular-nums">
        {number.format(entry.points)}
        <span className="sr-only"> {t('graded-reader.points', { count: entry.points })}</span>
      </span>
    </div>
  );
}
