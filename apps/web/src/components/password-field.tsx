import type { Rule } from '@lendo/shared';
import { Check, Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { FieldError, inputClasses } from './field-error';

interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  /** Translation key of the field's error. */
  error?: string;
  /**
   * When given, these rules are listed under the field and tick as `value` meets them. The caller
   * passes them (PASSWORD_RULES) so that a sign-in form's field does not bring shared's validation
   * module, and with it zod, into its page.
   */
  ruleHints?: { rules: readonly Rule[]; value: string };
}

/** A password input with a show/hide toggle and, optionally, live rule hints (SPEC §5). */
export function PasswordField({ label, error, ruleHints, id, className, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const rulesId = `${inputId}-rules`;
  const describedBy = [error && errorId, ruleHints && rulesId].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cx(inputClasses, 'pr-14')}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={inputId}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-field text-muted hover:text-ink"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">{t(visible ? 'common.hide-password' : 'common.show-password')}</span>
        </button>
      </div>
      {error && (
        <div className="mt-1.5">
          <FieldError id={errorId} code={error} />
        </div>
      )}
      {ruleHints && (
        <ul id={rulesId} className="mt-2.5 grid gap-1.5 text-sm sm:grid-cols-2">
          {ruleHints.rules.map((rule) => {
            const met = rule.test(ruleHints.value);
            return (
              <li
                key={rule.code}
                className={cx('flex items-center gap-2', met ? 'text-success' : 'text-muted')}
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'grid size-5 shrink-0 place-items-center rounded-full border transition-colors',
                    met ? 'border-success bg-success text-surface' : 'border-line-strong',
                  )}
                >
                  {met && <Check className="size-3.5" strokeWidth={3} />}
                </span>
                <span>
                  {t(`password-hint.${rule.code}`)}
                  <span className="sr-only">{` (${t(met ? 'password-hint.met' : 'password-hint.not-met')})`}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
