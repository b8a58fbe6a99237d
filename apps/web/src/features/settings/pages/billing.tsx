import { zodResolver } from '@hookform/resolvers/zod';
import { billingInfoBody, cpfSchema, needsCpf, STORAGE_KEYS } from '@lendo/shared';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { useUpdateBillingInfo } from '@/lib/billing-info';
import { InvoicesSection } from '../components/invoices-section';
import { PaymentMethodsSection } from '../components/payment-methods-section';
import { SettingsSection } from '../components/settings-section';
import { formatCpf } from '@/lib/cpf';

/** In Brazil the CPF is required. */
const billingInfoWithCpf = billingInfoBody.extend({ cpf: cpfSchema });
/** Elsewhere it may stay empty; one that is typed must still be valid. */
const billingInfoOptionalCpf = billingInfoBody.extend({
  cpf: z
    .string()
    .trim()
    .refine((value) => value === '' || cpfSchema.safeParse(value).success, { error: 'billing.invalid-cpf' })
    .transform((value) => value.replace(/\D/g, '')),
});

/**
 * How the CPF is asked for: required in Brazil; shown but optional when the country is unknown (or a
 * CPF is already saved); not shown elsewhere (SPEC §1, DESIGN §5).
 */
export function cpfMode(country: string | null, savedCpf: string | null): 'required' | 'optional' | 'hidden' {
  if (needsCpf(country)) return 'required';
  return country === null || savedCpf ? 'optional' : 'hidden';
}

/** The full name and CPF that checkout and invoices use (SPEC §1). */
function BillingInfoSection() {
  const { t } = useTranslation();
  const me = useMe();
  const mode = useMemo(() => cpfMode(localStorage.getItem(STORAGE_KEYS.country), me.cpf), [me.cpf]);
  const save = useUpdateBillingInfo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof billingInfoWithCpf>, unknown, z.output<typeof billingInfoWithCpf>>({
    resolver: zodResolver(mode === 'required' ? billingInfoWithCpf : billingInfoOptionalCpf),
    defaultValues: { billing_fullname: me.billing_fullname ?? '', cpf: formatCpf(me.cpf ?? '') },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    // An empty CPF is sent as '' (none); the API stores it as null.
    save.mutate(body, {
      onSuccess: (saved) => {
        reset({ billing_fullname: saved.billing_fullname ?? '', cpf: formatCpf(saved.cpf ?? '') });
        toast.success(t('settings.billing.saved'));
      },
      onError: (error) => setFormError(applyApiError(error, setError, ['billing_fullname', 'cpf'])),
    });
  });

  return (
    <SettingsSection
      title={t('settings.billing.section')}
      description={t(mode === 'hidden' ? 'settings.billing.text-no-cpf' : 'settings.billing.text')}
    >
      <form onSubmit={onSubmit} noValidate className="grid max-w-lg gap-5">
        {formError && <FormAlert code={formError} />}
        <TextField
          label={t('settings.billing.fullname')}
          autoComplete="name"
          error={errors.billing_fullname?.message}
          {...register('billing_fullname')}
        />
        {mode !== 'hidden' && (
          <Controller
            control={control}
            name="cpf"
            render={({ field, fieldState }) => (
              <TextField
                label={t(mode === 'required' ? 'settings.billing.cpf' : 'settings.billing.cpf-optional')}
                inputMode="numeric"
                autoComplete="off"
                placeholder="000.000.000-00"
                maxLength={14}
                error={fieldState.error?.message}
                {...field}
                onChange={(event) => field.onChange(formatCpf(event.target.value))}
              />
            )}
          />
        )}
        <div>
          <Button type="submit" size="lg" loading={save.isPending} disabled={!isDirty}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}

/** /settings/billing: the saved cards, the invoices, and the name and CPF used at checkout. */
export default function BillingPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:gap-6">
      <title>{`${t('settings.nav.billing')} · ${t('settings.title')} · Lendo`}</title>
      <PaymentMethodsSection />
      <InvoicesSection />
      <BillingInfoSection />
    </div>
  );
}
