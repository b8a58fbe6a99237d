import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '@/components/logo';
import { LookupButton } from './lookup-button';
import { NavEntry } from './nav-entry';
import { HEADER_NAV, useNavItems } from './nav-items';

/** Below 901 px the header links and the word lookup move into this side sheet, opened by the hamburger. */
export function MobileMenu() {
  const { t } = useTranslation();
  const items = useNavItems();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="grid size-11 place-items-center rounded-full text-ink hover:bg-surface-muted desktop:hidden">
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{t('shell.open-menu')}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] animate-slide-in flex-col gap-4 bg-surface p-4 pt-[max(1rem,env(safe-area-inset-top))] shadow-pop"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="flex items-center gap-2.5 text-lg font-bold">
              <LogoMark className="size-7" />
              {t('shell.menu-title')}
            </Dialog.Title>
            <Dialog.Close className="grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('common.close')}</span>
            </Dialog.Close>
          </div>
          <LookupButton look="sheet" onUsed={close} />
          <nav aria-label={t('shell.nav-mobile')}>
            <ul className="grid gap-1">
              {HEADER_NAV.map((key) => (
                <li key={key}>
                  <NavEntry item={items[key]} look="sheet" onUsed={close} />
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
