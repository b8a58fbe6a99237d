import { ChevronDown } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { cx } from '@/lib/cx';
import { inputClasses } from './field-error';

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  options: readonly { value: string; label: string }[];
}

/** A labelled native drop-down: the platform's own picker, which phones show best. */
export function SelectField({ label, options, id, className, ...select }: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <select id={fieldId} className={cx(inputClasses, 'cursor-pointer appearance-none pr-11')} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
