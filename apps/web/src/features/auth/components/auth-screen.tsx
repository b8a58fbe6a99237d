import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Logo } from '@/components/logo';
import { getAccessToken } from '@/lib/auth-storage';

interface AuthScreenProps {
  /** The page's only h1. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card, e.g. a link to the other auth page. */
  footer?: ReactNode;
}

/** The frame of the public pages: language switcher, then a centred card with the logo. */
export function AuthScreen({ title, subtitle, children, footer }: AuthScreenProps) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 -z-10 h-[28rem] w-[56rem] -translate-x-1/2 rounded-full bg-brand-soft opacity-80 blur-3xl"
      />
      <header className="flex justify-end px-4 pt-3 sm:px-6 sm:pt-5">
        <LanguageSwitcher />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-2 pb-10 sm:justify-center sm:px-6 sm:pt-6">
        <div className="w-full max-w-[27rem] rounded-sheet border border-line bg-surface px-5 py-7 shadow-card sm:px-9 sm:py-9">
          <Link to={getAccessToken() ? '/' : '/login'} className="mx-auto mb-6 flex w-fit rounded-field">
            <Logo />
          </Link>
          <h1 className="text-center text-2xl font-bold tracking-tight text-balance">{title}</h1>
          {subtitle && <p className="mt-2 text-center text-pretty text-muted">{subtitle}</p>}
          <div className="mt-7">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </main>
    </div>
  );
}

/** A text link in the auth pages' style. */
export const authLinkClasses =
  'font-semibold text-brand-ink underline-offset-4 hover:underline rounded-sm inline-flex items-center min-h-11';
