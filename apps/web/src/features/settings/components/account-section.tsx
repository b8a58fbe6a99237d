import { BadgeCheck, MailWarning } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { api, errorCodeOf } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { LanguageSetting } from './language-setting';
import { SettingRow, SettingsSection } from './settings-section';

function ChangeButton({
  modal,
  label,
}: {
  modal: 'change-username' | 'change-email' | 'change-password';
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" aria-label={label} onClick={() => openModal(modal, {})}>
      {t('settings.change')}
    </Button>
  );
}

/** Username, email (with a change waiting for its link), password and interface language. */
export function AccountSection() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <SettingsSection title={t('settings.account.section')}>
      <SettingRow
        label={t('auth.field.username')}
        action={<ChangeButton modal="change-username" label={t('settings.username.change')} />}
      >
        <span className="font-medium">@{me.username}</span>
      </SettingRow>
      <SettingRow
        label={t('auth.field.email')}
        action={<ChangeButton modal="change-email" label={t('settings.email.change')} />}
        note={
          me.pending_email && (
            <p className="flex gap-2 rounded-field bg-pro-soft px-3 py-2.5 text-sm text-ink">
              <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-pro" />
              <span>
                <Trans
                  i18nKey="settings.email.pending"
                  values={{ email: me.pending_email }}
                  components={{ b: <strong className="break-all" /> }}
                />
              </span>
            </p>
          )
        }
      >
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-all">{me.email}</span>
          {me.email_verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {t('settings.email.verified')}
            </span>
          ) : (
            <>
              <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold text-muted">
                {t('settings.email.not-verified')}
              </span>
              <VerifyEmailButton />
            </>
          )}
        </span>
      </SettingRow>
      <SettingRow
        label={t('auth.field.password')}
        action={
          <ChangeButton
            modal="change-password"
            label={t(me.has_password ? 'settings.password.change' : 'settings.password.set')}
          />
        }
      >
        {me.has_password ? (
          <>
            <span aria-hidden="true" className="font-medium tracking-widest">
              ••••••••
            </span>
            <span className="sr-only">{t('settings.password.is-set')}</span>
          </>
        ) : (
          <span className="text-muted">{t('settings.password.not-set')}</span>
        )}
      </SettingRow>
      <LanguageSetting />
    </SettingsSection>
  );
}

/** Mails the link that verifies the account's email again (sign-up sent the first). */
function VerifyEmailButton() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <span className="text-xs font-semibold text-success">{t('settings.email.verification-sent')}</span>
    );
  return (
    <button
      type="button"
      disabled={sending}
      className="inline-flex min-h-9 items-center text-xs font-semibold text-brand-ink underline underline-offset-2 disabled:opacity-60"
      onClick={() => {
        setSending(true);
        api
          .post('/auth/verify-email/')
          .then(() => {
            setSent(true);
            toast.success(t('settings.email.verification-sent'));
          })
          .catch((error: unknown) => toast.error(t(errorCodeOf(error))))
          .finally(() => setSending(false));
      }}
    >
      {t('settings.email.send-verification')}
    </button>
  );
}
