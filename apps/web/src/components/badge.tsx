import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

const TONES = {
  brand: 'bg-brand-soft text-brand-ink',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  pro: 'bg-pro-soft text-pro',
  muted: 'bg-surface-muted text-muted',
} as const;
export type BadgeTone = keyof typeof TONES;

/** A small rounded label: a state (active, past due, paid…) or a mark such as "Default". */
export function Badge({
  tone = 'muted',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs leading-none font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
