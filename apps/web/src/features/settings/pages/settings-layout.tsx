import { CreditCard, Gem, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { cx } from '@/lib/cx';

const PAGES: { path: string; key: string; icon: LucideIcon }[] = [
  { path: '/settings/profile', key: 'settings.nav.profile', icon: UserRound },
  { path: '/settings/subscriptions', key: 'settings.nav.subscriptions', icon: Gem },
  { path: '/settings/billing', key: 'settings.nav.billing', icon: CreditCard },
];

/** /settings: the page title, the side navigation (tabs on phones) and the chosen page. */
export default function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 sm:gap-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('settings.title')}</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[14rem_1fr] lg:gap-10">
        <nav aria-label={t('settings.nav')} className="lg:sticky lg:top-24">
          <ul className="grid grid-cols-3 gap-1 rounded-full bg-surface-muted p-1 lg:flex lg:flex-col lg:rounded-none lg:bg-transparent lg:p-0">
            {PAGES.map(({ path, key, icon: Icon }) => (
              <li key={path} className="min-w-0">
                <NavLink
                  to={path}
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-11 items-center justify-center gap-2 rounded-full px-2 text-sm font-semibold transition-colors lg:justify-start lg:gap-2.5 lg:rounded-field lg:px-3.5 lg:text-base',
                      isActive
                        ? 'bg-surface text-brand-ink shadow-sm lg:bg-brand-soft lg:shadow-none'
                        : 'text-muted hover:text-ink lg:hover:bg-surface-muted',
                    )
                  }
                >
                  <Icon aria-hidden="true" className="size-[18px] shrink-0 max-sm:hidden" />
                  <span className="truncate">{t(key)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
