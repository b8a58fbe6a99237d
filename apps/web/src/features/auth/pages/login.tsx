import { ERROR_MESSAGES, type signinBody } from '@lendo/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import { FormAlert } from '@/components/form-alert';
import { PasswordField } from '@/components/password-field';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { lazyResolver } from '@/lib/lazy-resolver';
import { safeNextPath } from '@/lib/next-path';
import { useSignIn } from '../api/sign-in';
import { AuthScreen, authLinkClasses } from '../components/auth-screen';
import { GoogleButton } from '../components/google-button';
import { TermsNote } from '../components/terms-note';

// zod and the schemas load apart from the page, which renders and takes input without them.
const signin = lazyResolver(() => import('../signin-resolver').then((module) => module.signinResolver));

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  // A failed Google sign-in comes back as /login?error=<code>.
  const [searchParams] = useSearchParams();
  const returnedError = searchParams.get('error');
  const [formError, setFormError] = useState<string | null>(
    returnedError && returnedError in ERROR_MESSAGES ? returnedError : null,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof signinBody>, unknown, z.output<typeof signinBody>>({
    resolver: signin.resolver,
    defaultValues: { email: '', password: '', remember: false },
    mode: 'onTouched',
  });

  useEffect(() => signin.preload(), []);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    signIn.mutate(values, {
      onSuccess: () => void navigate(safeNextPath(searchParams.get('next')), { replace: true }),
      onError: (error) => setFormError(applyApiError(error, setError, ['email', 'password'])),
    });
  });

  return (
    <AuthScreen
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <>
          {t('auth.login.no-account')}{' '}
          <Link to="/signup" className={authLinkClasses}>
            {t('auth.login.create-account')}
          </Link>
        </>
      }
    >
      <title>{`${t('auth.login.title')} · Lendo`}</title>
      <GoogleButton />
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {formError && <FormAlert code={formError} />}
        <TextField
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('auth.field.password')}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="-my-1 flex flex-wrap items-center justify-between gap-x-4">
          <CheckboxField label={t('auth.login.remember')} {...register('remember')} />
          <Link to="/forgot-password" className={authLinkClasses}>
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" block loading={signIn.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <TermsNote />
    </AuthScreen>
  );
}
