import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { cardLabel } from '@/components/card-brand';
import { CheckboxField } from '@/components/checkbox-field';
import { FormAlert } from '@/components/form-alert';
import { Modal, ModalIcon } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import type { ModalPropsByName } from '@/lib/modals';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { ModalActions } from './modal-actions';

type EditPaymentMethodModalProps = ModalPropsByName['edit-payment-method'] & { onClose: () => void };

/** "0830" or "08/30" typed, shown as MM/YY. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card's expiry: MM/YY, a real month, not before this month. */
export const expiryField = (now = new Date()) =>
  z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, { error: 'billing.invalid-expiry' })
    .transform((value) => {
      const [month, year] = value.split('/');
      return { exp_month: Number(month), exp_year: 2000 + Number(year) };
    })
    .refine(
      ({ exp_month, exp_year }) =>
        exp_year > now.getFullYear() || (exp_year === now.getFullYear() && exp_month >= now.getMonth() + 1),
      { error: 'billing.invalid-expiry' },
    );

const editCardForm = z.object({
  holder_name: z
    .string()
    .trim()
    .min(1, { error: 'billing.holder-required' })
    .max(120, { error: 'error.invalid-value' }),
  expiry: expiryField(),
  // Disabled (and so left out) for the default card: it stays the default.
  set_as_default: z.boolean().optional(),
});

/** Edit payment method (SPEC §2): the holder name and expiry of a saved card, and making it the default. */
export function EditPaymentMethodModal({ paymentMethod, onClose }: EditPaymentMethodModalProps) {
  const { t } = useTranslation();
  const update = useUpdatePaymentMethod();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof editCardForm>, unknown, z.output<typeof editCardForm>>({
    resolver: zodResolver(editCardForm),
    defaultValues: {
      holder_name: paymentMethod.holder_name,
      expiry: `${String(paymentMethod.exp_month).padStart(2, '0')}/${String(paymentMethod.exp_year % 100).padStart(2, '0')}`,
      set_as_default: paymentMethod.is_default,
    },
  });

  const onSubmit = handleSubmit(({ holder_name, expiry, set_as_default }) => {
    setFormError(null);
    update.mutate(
      {
        payment_method_id: paymentMethod.id,
        holder_name,
        ...expiry,
        set_as_default: set_as_default ?? paymentMethod.is_default,
      },
      {
        onSuccess: () => {
          toast.success(t('settings.cards.saved'));
          onClose();
        },
        onError: (error) => {
          const code = applyApiError(error, setError, ['holder_name']);
          if (code) setFormError(code === 'error.unexpected' ? 'subscription.error-occurred' : code);
        },
      },
    );
  });

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !update.isPending && onClose()}
      title={t('settings.cards.edit-title')}
      description={cardLabel(paymentMethod)}
      art={<ModalIcon icon={CreditCard} tone="bg-brand-soft text-brand-ink" />}
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
        {formError && <FormAlert code={formError} />}
        <TextField
          label={t('settings.cards.holder')}
          autoComplete="cc-name"
          data-autofocus
          error={errors.holder_name?.message}
          {...register('holder_name')}
        />
        <Controller
          control={control}
          name="expiry"
          render={({ field, fieldState }) => (
            <TextField
              label={t('settings.cards.expiry')}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder={t('settings.cards.expiry-placeholder')}
              maxLength={5}
              className="max-w-40"
              error={fieldState.error?.message}
              {...field}
              onChange={(event) => field.onChange(formatExpiry(event.target.value))}
            />
          )}
        />
        <CheckboxField
          label={t(
            paymentMethod.is_default ? 'settings.cards.is-default' : 'settings.cards.make-default-check',
          )}
          disabled={paymentMethod.is_default}
          {...register('set_as_default')}
        />
        <ModalActions submitLabel={t('settings.save')} onCancel={onClose} loading={update.isPending} />
      </form>
    </Modal>
  );
}
