import type { PathSummary } from '@lendo/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/progress-bar';
import { cx } from '@/lib/cx';
import { levelLabelKey } from '@/lib/story-labels';
import { fraction } from '../progress';

/** A path's name: its language and level, e.g. "English · Elementary". */
export function pathName(t: TFunction, path: Pick<PathSummary, 'language' | 'level'>): string {
  return t('graded-reader.path.name', {
    language: t(`language.${path.language}`),
    level: t(levelLabelKey(path.level)),
  });
}

/** How far the learner is along a path: its chapters as a bar, its stories in a line. */
export function PathProgress({
  path,
  name,
  large = false,
}: {
  path: PathSummary;
  name: string;
  large?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <ProgressBar
        value={fraction(path.chapters_completed, path.chapters_count)}
        label={t('graded-reader.path.progress', { name })}
        valueText={t('graded-reader.progress-of', {
          done: path.chapters_completed,
          total: path.chapters_count,
        })}
        className={large ? 'h-2.5' : undefined}
      />
      <p className={cx('text-sm text-muted', large && 'font-semibold')}>
        {t('graded-reader.path.stories', { count: path.stories_count, done: path.stories_completed })}
      </p>
    </div>
  );
}
