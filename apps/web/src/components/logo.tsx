import { cx } from '@/lib/cx';

/** The Lendo mark: an open book under a spark of insight. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className ?? 'size-8')}>
      <rect width="32" height="32" rx="9" fill="var(--lendo-brand)" />
      <path d="M7 10.6c3-1.5 6-1.3 9 .6v11.9c-3-1.8-6-2-9-.6z" fill="#fff" />
      <path d="M25 10.6c-3-1.5-6-1.3-9 .6v11.9c3-1.8 6-2 9-.6z" fill="#fff" fillOpacity=".78" />
      <circle cx="16" cy="6.6" r="1.7" fill="#fbbf24" />
    </svg>
  );
}

/** Mark and wordmark. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span className="text-xl font-bold tracking-tight text-ink">Lendo</span>
    </span>
  );
}
