import { zodResolver } from '@hookform/resolvers/zod';
import { billingInfoBody } from '@lendo/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { useUpdateBillingInfo } from '../api/update-billing-info';
import { SettingsSection } from '../components/settings-section';
import { formatCpf } from '../cpf';

/** /settings/billing: the full name and CPF that checkout and invoices use (SPEC §1). */
export default function BillingPage() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useUpdateBillingInfo();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof billingInfoBody>, unknown, z.output<typeof billingInfoBody>>({
    resolver: zodResolver(billingInfoBody),
    defaultValues: { billing_fullname: me.billing_fullname ?? '', cpf: formatCpf(me.cpf ?? '') },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    save.mutate(body, {
      onSuccess: (saved) => {
        reset({ billing_fullname: saved.billing_fullname ?? '', cpf: formatCpf(saved.cpf ?? '') });
        toast.success(t('settings.billing.saved'));
      },
      onError: (error) => setFormError(applyApiError(error, setError, ['billing_fullname', 'cpf'])),
    });
  });

  return (
    <div className="grid gap-5 sm:gap-6">
      <title>{`${t('settings.nav.billing')} · ${t('settings.title')} · Lendo`}</title>
      <SettingsSection title={t('settings.billing.section')} description={t('settings.billing.text')}>
        <form onSubmit={onSubmit} noValidate className="grid max-w-lg gap-5">
          {formError && <FormAlert code={formError} />}
          <TextField
            label={t('settings.billing.fullname')}
            autoComplete="name"
            error={errors.billing_fullname?.message}
            {...register('billing_fullname')}
          />
          <Controller
            control={control}
            name="cpf"
            render={({ field, fieldState }) => (
              <TextField
                label={t('settings.billing.cpf')}
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
          <div>
            <Button type="submit" size="lg" loading={save.isPending} disabled={!isDirty}>
              {t('settings.save')}
            </Button>
          </div>
        </form>
      </SettingsSection>
    </div>
  );
}
