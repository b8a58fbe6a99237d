import { cx } from '@/lib/cx';

/** A keyboard shortcut shown beside a button; hidden on touch screens, where there is no keyboard. */
export function KeyHint({ keys, className }: { keys: string; className?: string }) {
  return (
    <kbd
      aria-hidden="true"
      className={cx(
        'rounded-md border border-current/30 px-1.5 py-0.5 font-sans text-[11px] leading-none font-semibold opacity-80 [@media(pointer:coarse)]:hidden',
        className,
      )}
    >
      {keys}
    </kbd>
  );
}
