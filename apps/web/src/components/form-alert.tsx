import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form-level error, given as a translation key, announced when it appears. */
export function FormAlert({ code, children }: { code: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex gap-3 rounded-field bg-danger-soft p-3.5 text-sm text-danger">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-1">
        <p className="font-semibold">{t(code)}</p>
        {children}
      </div>
    </div>
  );
}
