import { useId, type ComponentProps } from 'react';
import { FieldError, inputClasses } from './field-error';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Translation key of the field's error. */
  error?: string;
}

/** A labelled input; its error is linked with aria-describedby and flagged with aria-invalid. */
export function TextField({ label, error, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClasses}
        {...input}
      />
      {error && (
        <div className="mt-1.5">
          <FieldError id={errorId} code={error} />
        </div>
      )}
    </div>
  );
}
