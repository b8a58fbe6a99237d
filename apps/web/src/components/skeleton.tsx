import { cx } from '@/lib/cx';

/** A placeholder shape while content loads; size and shape come from `className`. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-full bg-surface-muted', className)} />;
}
