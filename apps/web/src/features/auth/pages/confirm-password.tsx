import { zodResolver } from '@hookform/resolvers/zod';
import { passwordSchema } from '@lendo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ApiError } from '@/lib/api-client';
import { applyApiError } from '@/lib/form-errors';
import { requireMatchingPasswords } from '@/lib/password-match';
import { useResetPassword } from '../api/reset-password';
import { AuthScreen, authLinkClasses } from '../components/auth-screen';

const INVALID_LINK = 'error.invalid-reset-link';

const newPasswordForm = requireMatchingPasswords(
  z.object({ password: passwordSchema, repeatPassword: z.string() }),
);

const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && (error.code === INVALID_LINK || error.fields?.token === INVALID_LINK);

export default function ConfirmPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const resetPassword = useResetPassword();
  const [linkRejected, setLinkRejected] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof newPasswordForm>, unknown, z.output<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    resetPassword.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          toast.success(t('auth.confirm.success'));
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          if (isInvalidLink(error)) setLinkRejected(true);
          else setFormError(applyApiError(error, setError, ['password']));
        },
      },
    );
  });

  const title = `${t('auth.confirm.title')} · Lendo`;
  const footer = (
    <Link to="/login" className={authLinkClasses}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (!token || linkRejected) {
    return (
      <AuthScreen title={t('auth.confirm.title')} footer={footer}>
        <title>{title}</title>
        <FormAlert code={INVALID_LINK}>
          <p>{t('auth.confirm.invalid-hint')}</p>
        </FormAlert>
        <Link to="/forgot-password" className={`${buttonClasses({ size: 'lg', block: true })} mt-6`}>
          {t('auth.confirm.request-new')}
        </Link>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t('auth.confirm.title')} subtitle={t('auth.confirm.subtitle')} footer={footer}>
      <title>{title}</title>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {formError && <FormAlert code={formError} />}
        <NewPasswordFields form={form} label={t('auth.field.new-password')} />
        <Button type="submit" size="lg" block loading={resetPassword.isPending} className="mt-1">
          {t('auth.confirm.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
