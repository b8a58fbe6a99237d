import { useId, type ComponentProps } from 'react';
import { cx } from '@/lib/cx';
import { FieldError, inputClasses } from './field-error';

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  /** Translation key of the field's error. */
  error?: string;
}

/** A labelled multi-line input; its error is linked with aria-describedby and flagged with aria-invalid. */
export function TextAreaField({ label, error, id, className, rows = 3, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(inputClasses, 'resize-y py-3 leading-normal')}
        {...textarea}
      />
      {error && (
        <div className="mt-1.5">
          <FieldError id={errorId} code={error} />
        </div>
      )}
    </div>
  );
}
