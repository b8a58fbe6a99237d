import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBody } from '@lendo/shared';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { applyApiError } from '@/lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthScreen, authLinkClasses } from '../components/auth-screen';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof resetPasswordBody>, unknown, z.output<typeof resetPasswordBody>>({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    requestReset.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => setFormError(applyApiError(error, setError, ['email'])),
    });
  });

  const backToLogin = (
    <Link to="/login" className={authLinkClasses}>
      {t('auth.forgot.back')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthScreen title={t('auth.forgot.sent-title')}>
        <title>{`${t('auth.forgot.sent-title')} · Lendo`}</title>
        <div role="status" className="grid justify-items-center gap-4 text-center">
          <span className="grid size-16 place-items-center rounded-full bg-success-soft text-success">
            <MailCheck aria-hidden="true" className="size-8" />
          </span>
          <p className="text-pretty text-muted">{t('auth.forgot.sent-text', { email: sentTo })}</p>
          <p className="text-sm text-pretty text-muted">{t('auth.forgot.sent-hint')}</p>
        </div>
        <Link to="/login" className={`${buttonClasses({ size: 'lg', block: true })} mt-7`}>
          {t('auth.forgot.back')}
        </Link>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} footer={backToLogin}>
      <title>{`${t('auth.forgot.title')} · Lendo`}</title>
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
        <Button type="submit" size="lg" block loading={requestReset.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
