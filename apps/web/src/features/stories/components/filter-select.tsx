import { Check, ChevronDown } from 'lucide-react';
import { Select } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

/** Radix Select items cannot have an empty value: this one stands for "no filter". */
const ANY = 'any';

interface FilterSelectProps<T extends string> {
  /** The accessible name, e.g. "Genre". */
  label: string;
  /** The choice that removes the filter, e.g. "All genres". */
  anyLabel: string;
  value: T | undefined;
  options: readonly { value: T; label: string; mark?: ReactNode }[];
  onChange: (value: T | undefined) => void;
}

/** A compact drop-down filter, named by what it filters; its first choice turns it off ("All …"). */
export function FilterSelect<T extends string>({
  label,
  anyLabel,
  value,
  options,
  onChange,
}: FilterSelectProps<T>) {
  return (
    <Select.Root
      value={value ?? ANY}
      onValueChange={(next) =>
        onChange(next === ANY ? undefined : options.find((o) => o.value === next)?.value)
      }
    >
      <Select.Trigger
        aria-label={label}
        className={cx(
          'inline-flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-full border px-4 text-sm font-semibold transition-colors sm:w-auto',
          value
            ? 'border-brand bg-brand-soft text-brand-ink'
            : 'border-line-strong bg-surface text-ink hover:bg-surface-muted',
        )}
      >
        <span className="truncate">
          {/* Unfiltered, the trigger shows what it filters ("Genre"); the list says "All genres". */}
          <Select.Value>{value ? undefined : label}</Select.Value>
        </span>
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] animate-pop-in overflow-hidden rounded-field border border-line bg-surface p-1 shadow-pop"
        >
          <Select.Viewport>
            {[{ value: ANY, label: anyLabel, mark: undefined }, ...options].map((option) => (
              <Select.Item
                key={option.value}
                value={option.value}
                className="relative flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg py-2 pr-9 pl-3 text-sm font-medium outline-none select-none data-[highlighted]:bg-surface-muted data-[state=checked]:font-semibold"
              >
                {option.mark}
                <Select.ItemText>{option.label}</Select.ItemText>
                <Select.ItemIndicator className="absolute right-3">
                  <Check aria-hidden="true" className="size-4 text-brand-ink" />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}
