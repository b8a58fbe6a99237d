import { cx } from '@/lib/cx';

interface ProgressBarProps {
  /** From 0 to 1. */
  value: number;
  /** The accessible name, e.g. "Reading progress". */
  label: string;
  /** What assistive technology reads instead of a bare percentage, e.g. "Page 2 of 5". */
  valueText?: string;
  className?: string;
}

/** A thin bar that fills from the start; exposed as a progressbar in percent. */
export function ProgressBar({ value, label, valueText, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cx('h-1.5 overflow-hidden rounded-full bg-line', className)}
    >
      <div
        className="h-full rounded-full bg-brand transition-[width] duration-300 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
