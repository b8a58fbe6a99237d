import { Outlet, ScrollRestoration } from 'react-router';
import { useRefreshStatisticsOnNavigation } from '@/features/decks/api/get-statistics-summary';
import { useNoticeWatcher } from '@/features/graded-reader/use-notice-watcher';
import { ModalHost } from '../modals/modal-host';
import { ProSuccess } from '../modals/pro-success-modal';
import { BottomMenu } from './bottom-menu';
import { SiteHeader } from './site-header';
import { useLookupShortcut } from './use-lookup-shortcut';

/** The signed-in frame: header, page, bottom menu on phones, and the host of the shell's modals. */
export default function AppShell() {
  useLookupShortcut();
  useRefreshStatisticsOnNavigation();
  useNoticeWatcher();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-28 sm:px-6 sm:pt-10 tablet:pb-16">
        <Outlet />
      </main>
      <BottomMenu />
      <ModalHost />
      <ProSuccess />
      <ScrollRestoration />
    </div>
  );
}
