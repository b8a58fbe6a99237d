import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/button';
import { GoogleLogo } from '@/components/google-logo';
import { API_BASE } from '@/lib/api-client';
import { useAuthProviders } from '@/lib/auth-providers';

/** "Continue with Google", shown only when the API has Google sign-in configured. */
export function GoogleButton() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  if (!providers.data?.google) return null;
  return (
    <>
      <a
        href={`${API_BASE}/auth/google/start/`}
        className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })}
      >
        <GoogleLogo className="size-5" />
        {t('auth.login.google')}
      </a>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        {t('auth.login.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
    </>
  );
}
