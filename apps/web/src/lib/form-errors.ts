import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts an API error's field codes on the form's fields and returns the code to show for the whole
 * form, or null when every problem belongs to a field.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): string | null {
  if (!(error instanceof ApiError)) return 'error.unexpected';
  let formCode: string | null = error.fields ? null : error.code;
  for (const [name, code] of Object.entries(error.fields ?? {})) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (field) setError(field, { type: 'server', message: code }, { shouldFocus: true });
    else formCode ??= code;
  }
  return formCode;
}
