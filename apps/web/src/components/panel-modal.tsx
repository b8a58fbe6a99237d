import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOpenForNestedLayers } from '@/lib/layers';

interface PanelModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Stays in place between the title and the scrolling body, e.g. a search field. */
  toolbar?: ReactNode;
  /** Gets the focus when the dialog opens, instead of its first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A dialog for work rather than a message: a title bar, an optional fixed toolbar and a scrolling
 * body. A full-screen sheet on phones that fades in (the pop of a centred panel overshoots, which
 * would push a sheet as wide as the screen past its edge), a tall centred panel from 640 px. Focus
 * is trapped; Escape and the close button dismiss it.
 */
export function PanelModal({ open, onOpenChange, title, toolbar, initialFocus, children }: PanelModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-50 flex sm:items-start sm:justify-center sm:p-4 sm:pt-[7dvh]">
          <Dialog.Content
            aria-describedby={undefined}
            onInteractOutside={keepOpenForNestedLayers}
            onOpenAutoFocus={(event) => {
              if (!initialFocus?.current) return;
              event.preventDefault();
              initialFocus.current.focus();
            }}
            className="pointer-events-auto flex h-dvh w-full animate-fade-in flex-col bg-surface pt-[env(safe-area-inset-top)] shadow-pop sm:h-[min(44rem,86dvh)] sm:max-w-xl sm:animate-pop-in sm:rounded-sheet sm:pt-0"
          >
            <div className="flex min-h-16 shrink-0 items-center gap-3 pr-2 pl-5 sm:pr-3 sm:pl-6">
              <Dialog.Title className="flex-1 text-lg font-bold tracking-tight">{title}</Dialog.Title>
              <Dialog.Close className="grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink">
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">{t('common.close')}</span>
              </Dialog.Close>
            </div>
            {toolbar && <div className="shrink-0 border-b border-line px-4 pb-4 sm:px-6">{toolbar}</div>}
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 pt-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] sm:px-6">
              {children}
            </div>
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
