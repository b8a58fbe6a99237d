import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Spinner } from '@/components/spinner';
import { getAccessToken } from '@/lib/auth-storage';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthScreen } from '../components/auth-screen';

/**
 * /confirm-email?token=…: the link mailed to a new address. Opening it makes that address the
 * account's email, whether or not this browser is signed in; a used or expired link is refused.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmEmail();
  const { mutate } = confirm;
  const sent = useRef(false);
  const signedIn = Boolean(getAccessToken());

  useEffect(() => {
    // Once only: the link is single-use, and development mode runs effects twice.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  const next = signedIn ? (
    <Link to="/settings/profile" className={`${buttonClasses({ size: 'lg', block: true })} mt-6`}>
      {t('settings.confirm-email.to-settings')}
    </Link>
  ) : (
    <Link to="/login" className={`${buttonClasses({ size: 'lg', block: true })} mt-6`}>
      {t('settings.confirm-email.to-login')}
    </Link>
  );

  let body;
  if (!token || confirm.isError) {
    body = (
      <>
        <FormAlert code="profile.invalid-email-link">
          <p>{t('settings.confirm-email.invalid-hint')}</p>
        </FormAlert>
        {next}
      </>
    );
  } else if (confirm.isSuccess) {
    body = (
      <div className="text-center">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-success-soft text-success">
          <MailCheck aria-hidden="true" className="size-7" />
        </span>
        <p role="status" className="mt-4 text-pretty">
          {t('settings.confirm-email.success')}
        </p>
        {next}
      </div>
    );
  } else {
    body = (
      <div className="grid justify-items-center py-6 text-brand-ink">
        <Spinner className="size-8" label={t('settings.confirm-email.checking')} />
      </div>
    );
  }

  return (
    <AuthScreen title={t('settings.confirm-email.title')}>
      <title>{`${t('settings.confirm-email.title')} · Lendo`}</title>
      {body}
    </AuthScreen>
  );
}
