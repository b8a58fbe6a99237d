import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@lendo/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { useUpdateUser } from '../api/update-user';
import { ModalActions } from './modal-actions';

/**
 * Email change (SPEC §5): the new address gets a confirmation link and becomes the account's email
 * only once the link is opened; until then the profile shows it as pending.
 */
export function ChangeEmailModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const updateUser = useUpdateUser();
  const emailForm = z.object({
    email: emailSchema.refine((email) => email !== me.email.toLowerCase(), { error: 'settings.email.same' }),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof emailForm>, unknown, z.output<typeof emailForm>>({
    resolver: zodResolver(emailForm),
    defaultValues: { email: me.pending_email ?? '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    updateUser.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(t('profile.email-changed', { email }));
          onClose();
        },
        onError: (error) => {
          if (applyApiError(error, setError, ['email'])) toast.error(t('profile.error-changing-email'));
        },
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('settings.email.title')}
      description={
        <Trans i18nKey="settings.email.text" values={{ email: me.email }} components={{ b: <strong /> }} />
      }
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
        <TextField
          label={t('settings.email.label')}
          type="email"
          autoComplete="email"
          data-autofocus
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <ModalActions
          submitLabel={t('settings.email.submit')}
          onCancel={onClose}
          loading={updateUser.isPending}
        />
      </form>
    </Modal>
  );
}
