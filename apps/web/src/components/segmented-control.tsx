import { useId, type ReactNode } from 'react';
import { cx } from '@/lib/cx';

interface SegmentedControlProps<T extends string> {
  /** The accessible name of the group. */
  legend: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/** One choice of a few: native radios (arrow keys move) dressed as a segmented control. */
export function SegmentedControl<T extends string>({
  legend,
  value,
  options,
  onChange,
  disabled = false,
  className,
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className={cx('flex gap-1 rounded-full bg-surface-muted p-1', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="relative flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-full px-2 text-sm font-semibold text-muted transition-colors hover:text-ink has-checked:bg-brand-soft has-checked:text-brand-ink has-checked:shadow-sm has-disabled:cursor-not-allowed has-disabled:opacity-60"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="absolute inset-0 cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
