import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

interface DashboardCardProps {
  /** The id of the element inside `title` that names the section. */
  labelledBy: string;
  icon: LucideIcon;
  title: ReactNode;
  /** Shown beside the title, e.g. a countdown or a link. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A section of the graded-reader dashboard: an icon, a heading, and its content below. */
export function DashboardCard({
  labelledBy,
  icon: Icon,
  title,
  aside,
  className,
  children,
}: DashboardCardProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cx(
        'grid content-start gap-4 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60',
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <Icon aria-hidden="true" className="size-5 text-brand-ink" />
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
