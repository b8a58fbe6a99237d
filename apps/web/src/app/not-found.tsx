import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Logo } from '@/components/logo';
import { getAccessToken } from '@/lib/auth-storage';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(getAccessToken());
  const home = signedIn ? '/' : '/login';
  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${t('not-found.title')} · Lendo`}</title>
      <header className="mx-auto flex w-full max-w-6xl px-4 py-3 sm:px-6">
        <Link to={home} className="rounded-field">
          <Logo />
        </Link>
      </header>
      <main className="grid flex-1 place-items-center px-4 pb-16">
        <div className="w-full max-w-md text-center">
          <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-soft text-brand-ink shadow-card">
            <Compass aria-hidden="true" className="size-8" />
          </span>
          <p className="mt-6 text-sm font-bold tracking-widest text-brand-ink">404</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance">{t('not-found.title')}</h1>
          <p className="mt-2 text-pretty text-muted">{t('not-found.text')}</p>
          <Link to={home} className={`${buttonClasses({ size: 'lg' })} mt-7`}>
            {t(signedIn ? 'not-found.home' : 'not-found.login')}
          </Link>
        </div>
      </main>
    </div>
  );
}
