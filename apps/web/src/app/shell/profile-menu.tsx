import { ChartNoAxesColumn, ExternalLink, LifeBuoy, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar';
import { HELP_CENTER_URLS } from '@/lib/external-links';
import { currentLocale } from '@/lib/i18n';
import { useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { useLogout } from '@/lib/session';

const itemClasses =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium text-ink outline-none select-none data-highlighted:bg-surface-muted';

/** The avatar button and its menu: settings, statistics, help and support, exit. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  const displayName = me.name || me.username;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="grid size-11 shrink-0 place-items-center rounded-full">
        <UserAvatar user={me} className="size-10 text-sm ring-2 ring-surface" />
        <span className="sr-only">{t('shell.account-menu')}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-64 animate-fade-in rounded-card border border-line bg-surface p-1.5 shadow-pop"
        >
          <div className="px-3 pt-2 pb-2.5">
            <p className="truncate font-semibold">{displayName}</p>
            <p className="truncate text-sm text-muted">{me.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-[18px] text-muted" />
              {t('shell.menu.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClasses}
            onSelect={() => openModal('coming-soon', { variant: 'statistics-coming-soon' })}
          >
            <ChartNoAxesColumn aria-hidden="true" className="size-[18px] text-muted" />
            {t('shell.menu.statistics')}
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClasses}>
            <a href={HELP_CENTER_URLS[currentLocale()]} target="_blank" rel="noopener noreferrer">
              <LifeBuoy aria-hidden="true" className="size-[18px] text-muted" />
              <span className="flex-1">{t('shell.menu.help')}</span>
              <ExternalLink aria-hidden="true" className="size-4 text-muted" />
              <span className="sr-only">{t('common.opens-new-tab')}</span>
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void logout()}>
            <LogOut aria-hidden="true" className="size-[18px] text-muted" />
            {t('shell.menu.exit')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
