import type { PathSummary } from '@lendo/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { LevelBadge } from '@/components/level-badge';
import { ProgressBar } from '@/components/progress-bar';
import { levelLabelKey } from '@/lib/story-labels';
import { fraction } from '../progress';

/** A reading path (one language, one level) as a card with its progress; the learner's level marked. */
export function PathCard({ path, own }: { path: PathSummary; own: boolean }) {
  const { t } = useTranslation();
  const name = t('graded-reader.path.name', {
    language: t(`language.${path.language}`),
    level: t(levelLabelKey(path.level)),
  });
  return (
    <Link
      to={`/graded-reader/${path.id}`}
      className="grid h-full gap-3 rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 transition-colors hover:bg-surface-muted/60"
    >
      <div className="flex flex-wrap items-center gap-2">
        <LevelBadge level={path.level} />
        {own && <Badge tone="brand">{t('graded-reader.path.your-level')}</Badge>}
      </div>
      <p className="flex items-center justify-between gap-2 font-bold tracking-tight">
        {name}
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
      </p>
      <ProgressBar
        value={fraction(path.chapters_completed, path.chapters_count)}
        label={t('graded-reader.path.progress', { name })}
        valueText={t('graded-reader.progress-of', {
          done: path.chapters_completed,
          total: path.chapters_count,
        })}
      />
      <p className="text-sm text-muted">
        {t('graded-reader.path.stories', { count: path.stories_count, done: path.stories_completed })}
      </p>
    </Link>
  );
}
