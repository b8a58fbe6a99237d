import { cx } from '@/lib/cx';

/**
 * A story's cover art (an SVG drawn for it, 3:4), as wide as `className` says. Decorative: the title
 * is always written beside it.
 */
export function StoryCover({ src, className }: { src: string; className?: string }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={300}
      height={400}
      className={cx('aspect-[3/4] h-auto bg-surface-muted object-cover', className)}
    />
  );
}
