import { zodResolver } from '@hookform/resolvers/zod';
import { existingPasswordSchema, updatePasswordBody } from '@lendo/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '@/components/modal';
import { NewPasswordFields } from '@/components/new-password-fields';
import { PasswordField } from '@/components/password-field';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { requireMatchingPasswords } from '@/lib/password-match';
import { useUpdatePassword } from '../api/update-password';
import { ModalActions } from './modal-actions';

const withRepeat = updatePasswordBody.extend({ repeatPassword: z.string() });
/** An account made through Google has no password yet: it sets one without the current one. */
const setPasswordForm = requireMatchingPasswords(withRepeat);
const changePasswordForm = requireMatchingPasswords(
  withRepeat.extend({ old_password: existingPasswordSchema }),
);

/** Change password: the current one, a new one with the live rule hints (SPEC §5), and the repeat. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const updatePassword = useUpdatePassword();
  const form = useForm<z.input<typeof setPasswordForm>, unknown, z.output<typeof setPasswordForm>>({
    resolver: zodResolver(me.has_password ? changePasswordForm : setPasswordForm),
    defaultValues: { old_password: '', password: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(({ repeatPassword: _repeated, old_password, password }) =>
    updatePassword.mutate(me.has_password ? { old_password, password } : { password }, {
      onSuccess: () => {
        toast.success(t('profile.password-changed'));
        onClose();
      },
      onError: (error) => {
        applyApiError(error, setError, ['old_password', 'password']);
        toast.error(t('error.password-change-error'));
      },
    }),
  );

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(me.has_password ? 'settings.password.title' : 'settings.password.title-new')}
      description={t('settings.password.text')}
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
        {me.has_password && (
          <PasswordField
            label={t('settings.password.current')}
            autoComplete="current-password"
            data-autofocus
            error={errors.old_password?.message}
            {...register('old_password')}
          />
        )}
        <NewPasswordFields form={form} label={t('auth.field.new-password')} autoFocus={!me.has_password} />
        <ModalActions
          submitLabel={t('settings.password.submit')}
          onCancel={onClose}
          loading={updatePassword.isPending}
        />
      </form>
    </Modal>
  );
}
