import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { cx } from '@/lib/cx';

interface FlowLayoutProps {
  /** Where "back" goes; none on pages that must not be left half-way. */
  back?: { to: string; label: string };
  /** Wider for the plan cards, narrower for a form. */
  width?: 'wide' | 'narrow';
  children: ReactNode;
}

/**
 * The frame of the payment flow (plans, checkout, processing payment): the logo and a way back
 * above one focused column, without the app's navigation.
 */
export function FlowLayout({ back, width = 'narrow', children }: FlowLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface/80 backdrop-blur">
        <div className="mx-auto flex min-h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" aria-label={t('plans.home')} className="rounded-field">
            <Logo />
          </Link>
          {back && (
            <Link
              to={back.to}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-field px-2 text-sm font-semibold text-muted hover:bg-surface-muted hover:text-ink"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {back.label}
            </Link>
          )}
        </div>
      </header>
      <main
        className={cx(
          'mx-auto w-full flex-1 px-4 pt-6 pb-[max(2.5rem,env(safe-area-inset-bottom))] sm:px-6 sm:pt-10',
          width === 'wide' ? 'max-w-6xl' : 'max-w-5xl',
        )}
      >
        {children}
      </main>
    </div>
  );
}
