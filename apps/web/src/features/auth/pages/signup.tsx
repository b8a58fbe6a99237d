import { zodResolver } from '@hookform/resolvers/zod';
import { signupBody } from '@lendo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { NewPasswordFields } from '@/components/new-password-fields';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { requireMatchingPasswords } from '@/lib/password-match';
import { useSignUp } from '../api/sign-up';
import { AuthScreen, authLinkClasses } from '../components/auth-screen';
import { TermsNote } from '../components/terms-note';

const signupForm = requireMatchingPasswords(
  signupBody.pick({ username: true, email: true, password: true }).extend({ repeatPassword: z.string() }),
);

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof signupForm>, unknown, z.output<typeof signupForm>>({
    resolver: zodResolver(signupForm),
    defaultValues: { username: '', email: '', password: '', repeatPassword: '' },
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(({ repeatPassword: _repeated, ...values }) => {
    setFormError(null);
    signUp.mutate(
      { ...values, locale: currentLocale(), timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      {
        onSuccess: () => {
          toast.success(t('auth.signup.success'));
          void navigate('/onboarding', { replace: true });
        },
        onError: (error) => setFormError(applyApiError(error, setError, ['username', 'email', 'password'])),
      },
    );
  });

  return (
    <AuthScreen
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <>
          {t('auth.signup.have-account')}{' '}
          <Link to="/login" className={authLinkClasses}>
            {t('auth.signup.sign-in')}
          </Link>
        </>
      }
    >
      <title>{`${t('auth.signup.title')} · Lendo`}</title>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {formError && <FormAlert code={formError} />}
        <TextField
          label={t('auth.field.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields form={form} label={t('auth.field.password')} />
        <Button type="submit" size="lg" block loading={signUp.isPending} className="mt-1">
          {t('auth.signup.submit')}
        </Button>
      </form>
      <TermsNote />
    </AuthScreen>
  );
}
