import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/cx';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  /** A red heading, for the actions that close the account. */
  danger?: boolean;
  children: ReactNode;
}

/** A card of the settings pages with its heading. */
export function SettingsSection({ title, description, danger, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id={headingId} className={cx('text-lg font-bold tracking-tight', danger && 'text-danger')}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-pretty text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

interface SettingRowProps {
  label: string;
  /** The current value, e.g. the username. */
  children: ReactNode;
  /** A button to change it. */
  action?: ReactNode;
  /** Shown under the whole row, e.g. a change waiting for confirmation. */
  note?: ReactNode;
}

/** One setting: its name and value, and the button that changes it. */
export function SettingRow({ label, children, action, note }: SettingRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1 basis-48">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <div className="mt-0.5 wrap-anywhere">{children}</div>
      </div>
      {action}
      {note && <div className="basis-full">{note}</div>}
    </div>
  );
}
