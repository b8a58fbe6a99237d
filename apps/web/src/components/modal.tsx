import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. an illustration. */
  art?: ReactNode;
  children?: ReactNode;
}

/** A centred dialog: focus is trapped, Escape and the close button dismiss it. */
export function Modal({ open, onOpenChange, title, description, art, children }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center overflow-y-auto p-4">
          <Dialog.Content
            {...(description ? {} : { 'aria-describedby': undefined })}
            className="pointer-events-auto relative w-full max-w-md animate-pop-in rounded-sheet bg-surface p-6 text-center shadow-pop sm:p-8"
          >
            <Dialog.Close className="absolute top-3 right-3 grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('common.close')}</span>
            </Dialog.Close>
            {art}
            <Dialog.Title className="text-xl font-bold tracking-tight text-balance">{title}</Dialog.Title>
            {description && (
              <Dialog.Description className="mt-2 text-pretty text-muted">{description}</Dialog.Description>
            )}
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
