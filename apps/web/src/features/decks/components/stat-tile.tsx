import type { LucideIcon } from 'lucide-react';
import { cx } from '@/lib/cx';

/** One figure of a `<dl>`: a tinted icon, the value and what it counts. */
export function StatTile({
  icon: Icon,
  tone,
  label,
  value,
}: {
  icon: LucideIcon;
  /** Background and text colour of the icon's tile. */
  tone: string;
  label: string;
  value: string;
}) {
  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-card bg-surface p-3.5 shadow-card ring-1 ring-line/60 sm:p-4">
      <span aria-hidden="true" className={cx('row-span-2 grid size-10 place-items-center rounded-xl', tone)}>
        <Icon className="size-5" />
      </span>
      <dt className="col-start-2 row-start-2 self-start text-xs font-medium text-pretty text-muted">
        {label}
      </dt>
      <dd className="col-start-2 row-start-1 self-end text-xl font-bold tracking-tight tabular-nums">
        {value}
      </dd>
    </div>
  );
}
