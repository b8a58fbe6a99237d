import { zodResolver } from '@hookform/resolvers/zod';
import { CANCEL_REASONS } from '@lendo/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { FieldError } from '@/components/field-error';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { TextAreaField } from '@/components/text-area-field';
import { cx } from '@/lib/cx';
import { openModal } from '@/lib/modals';
import { useCancelSubscription } from '../api/cancel-subscription';

/** The longest feedback the API keeps. */
const FEEDBACK_MAX = 2000;

/** The form: a reason must be chosen (SPEC §5), the feedback may stay empty. */
export const cancelReasonForm = z.object({
  reason: z.enum(CANCEL_REASONS, { error: 'billing.reason-required' }),
  feedback: z.string().trim().max(FEEDBACK_MAX, { error: 'error.invalid-value' }),
});

/**
 * Why the learner cancels (SPEC §3 cancel reasons): one reason is required (billing.reason-required),
 * feedback is optional. Submitting cancels; the event modal then says what happens next. A failed
 * request says so and leaves the choice as it was.
 */
export function CancelReasonModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelSubscription();
  const [failed, setFailed] = useState(false);
  const errorId = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<z.input<typeof cancelReasonForm>, unknown, z.output<typeof cancelReasonForm>>({
    resolver: zodResolver(cancelReasonForm),
    defaultValues: { reason: undefined, feedback: '' },
  });
  const chosen = useWatch({ control, name: 'reason' });

  const onSubmit = handleSubmit(({ reason, feedback }) => {
    setFailed(false);
    cancel.mutate(
      { reason, ...(feedback ? { feedback } : {}) },
      {
        onSuccess: (change) => openModal('subscription-event', change),
        onError: () => setFailed(true),
      },
    );
  });
  const reasonError = errors.reason?.message;

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !cancel.isPending && onClose()}
      title={t('billing.reason.title')}
      description={t('billing.reason.text')}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
        {failed && <FormAlert code="billing.cancel-failed" />}
        <fieldset
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? errorId : undefined}
          disabled={cancel.isPending}
        >
          <legend className="mb-2 text-sm font-semibold">{t('billing.reason.legend')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {CANCEL_REASONS.map((reason) => (
              <label
                key={reason}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-field border px-3.5 py-2 text-sm font-medium transition-colors',
                  chosen === reason
                    ? 'border-brand bg-brand-soft text-brand-ink'
                    : 'border-line-strong hover:bg-surface-muted',
                )}
              >
                <input
                  type="radio"
                  value={reason}
                  className="size-4 shrink-0 accent-brand"
                  {...register('reason')}
                />
                {t(`billing.reason.${reason}`)}
              </label>
            ))}
          </div>
          {reasonError && (
            <div className="mt-2">
              <FieldError id={errorId} code={reasonError} />
            </div>
          )}
        </fieldset>
        <TextAreaField
          label={t('billing.reason.feedback')}
          placeholder={t('billing.reason.feedback-placeholder')}
          maxLength={FEEDBACK_MAX}
          rows={2}
          disabled={cancel.isPending}
          error={errors.feedback?.message}
          {...register('feedback')}
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            type="submit"
            variant="danger"
            size="lg"
            block
            loading={cancel.isPending}
            className="sm:order-2"
          >
            {t('billing.reason.submit')}
          </Button>
          <Button variant="secondary" size="lg" block disabled={cancel.isPending} onClick={onClose}>
            {t('billing.cancel.keep')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
