import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { getAccessToken } from '@/lib/auth-storage';
import { LookupButton } from './lookup-button';
import { MobileMenu } from './mobile-menu';
import { NavEntry } from './nav-entry';
import { HEADER_NAV, useNavItems } from './nav-items';
import { ProfileMenu } from './profile-menu';

/**
 * The signed-in header: logo, links (collapsed into a menu below 901 px), the word lookup and the
 * profile menu.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const items = useNavItems();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/85 pt-[env(safe-area-inset-top)] backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to={getAccessToken() ? '/' : '/login'} className="mr-auto rounded-field desktop:mr-4">
          <Logo />
        </Link>
        <nav aria-label={t('shell.nav-main')} className="max-desktop:hidden desktop:mr-auto">
          <ul className="flex items-center gap-1">
            {HEADER_NAV.map((key) => (
              <li key={key} className={key === 'upgrade' ? 'ml-2' : undefined}>
                <NavEntry item={items[key]} look="header" />
              </li>
            ))}
          </ul>
        </nav>
        <LookupButton look="header" />
        <ProfileMenu />
        <MobileMenu />
      </div>
    </header>
  );
}
