import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/button';
import { LogoMark } from '@/components/logo';

/** The router's error screen: something failed while loading or rendering a page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="grid min-h-dvh place-items-center px-4 py-10">
      <title>{`${t('error.app-title')} · Lendo`}</title>
      <div className="w-full max-w-md text-center">
        <LogoMark className="mx-auto size-10" />
        <span className="mx-auto mt-8 grid size-16 place-items-center rounded-2xl bg-danger-soft text-danger">
          <TriangleAlert aria-hidden="true" className="size-8" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance">{t('error.app-title')}</h1>
        <p className="mt-2 text-pretty text-muted">{t('error.app-text')}</p>
        <Button size="lg" className="mt-7" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" className="size-5" />
          {t('error.reload')}
        </Button>
      </div>
    </main>
  );
}
