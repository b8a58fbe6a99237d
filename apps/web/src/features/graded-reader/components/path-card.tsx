import type { PathSummary } from '@lendo/shared';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { LevelBadge } from '@/components/level-badge';
import { PathProgress, pathName } from './path-progress';

/** A reading path (one language, one level) as a card with its progress; the learner's level marked. */
export function PathCard({ path, own }: { path: PathSummary; own: boolean }) {
  const { t } = useTranslation();
  const name = pathName(t, path);
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
      <PathProgress path={path} name={name} />
    </Link>
  );
}
