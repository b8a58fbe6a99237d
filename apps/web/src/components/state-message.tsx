import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

const TONES = {
  brand: 'bg-brand-soft text-brand-ink',
  muted: 'bg-surface-muted text-muted',
  danger: 'bg-danger-soft text-danger',
  pro: 'bg-pro-soft text-pro',
} as const;

interface StateMessageProps {
  /** A lucide icon element, drawn in a tinted tile. */
  icon: ReactNode;
  tone?: keyof typeof TONES;
  title: ReactNode;
  /** The heading level that fits where the message is shown. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
  className?: string;
}

/** An icon, a heading and what to do next: the frame of empty, not-found and error states. */
export function StateMessage({
  icon,
  tone = 'brand',
  title,
  headingLevel = 2,
  children,
  className,
}: StateMessageProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      className={cx('mx-auto grid max-w-md justify-items-center gap-3 py-8 text-center sm:py-12', className)}
    >
      <span className={cx('grid size-14 place-items-center rounded-2xl [&>svg]:size-7', TONES[tone])}>
        {icon}
      </span>
      <Heading className="text-lg font-bold tracking-tight text-balance wrap-anywhere">{title}</Heading>
      {children}
    </div>
  );
}
