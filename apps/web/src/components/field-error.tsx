import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A field's error, given as a translation key. */
export function FieldError({ id, code }: { id: string; code: string }) {
  const { t } = useTranslation();
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t(code)}
    </p>
  );
}

export const inputClasses =
  'block min-h-12 w-full rounded-field border bg-surface px-4 text-base text-ink placeholder:text-muted ' +
  'transition-colors focus:border-brand aria-[invalid=true]:border-danger border-line-strong';
