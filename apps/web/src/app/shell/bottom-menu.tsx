import { useTranslation } from 'react-i18next';
import { NavEntry } from './nav-entry';
import { BOTTOM_NAV, useNavItems } from './nav-items';

/** The fixed bottom menu at 768 px and below. */
export function BottomMenu() {
  const { t } = useTranslation();
  const items = useNavItems();
  return (
    <nav
      aria-label={t('shell.nav-bottom')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md tablet:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5 px-1 py-1">
        {BOTTOM_NAV.map((key) => (
          <li key={key}>
            <NavEntry item={items[key]} look="bottom" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
