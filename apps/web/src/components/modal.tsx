import { X, type LucideIcon } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { keepOpenForNestedLayers } from '@/lib/layers';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Shown above the title, e.g. an illustration. */
  art?: ReactNode;
  /** A red title, for an action that cannot be undone. */
  danger?: boolean;
  /** `lg` for a modal with a longer form (e.g. a list of choices in two columns). */
  size?: 'md' | 'lg';
  children?: ReactNode;
}

/**
 * A centred dialog: focus is trapped, Escape and the close button dismiss it. It opens with the focus
 * on the element marked `data-autofocus`, if any.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  art,
  danger,
  size = 'md',
  children,
}: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay backdrop-blur-sm" />
        <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center overflow-y-auto p-4">
          <Dialog.Content
            {...(description ? {} : { 'aria-describedby': undefined })}
            onInteractOutside={keepOpenForNestedLayers}
            // A field marked data-autofocus gets the focus, rather than the first button (close).
            onOpenAutoFocus={(event) => {
              const field = (event.target as HTMLElement).querySelector<HTMLElement>('[data-autofocus]');
              if (!field) return;
              event.preventDefault();
              field.focus();
            }}
            className={cx(
              'pointer-events-auto relative w-full animate-pop-in rounded-sheet bg-surface p-6 text-center shadow-pop sm:p-8',
              size === 'lg' ? 'max-w-xl' : 'max-w-md',
            )}
          >
            <Dialog.Close className="absolute top-3 right-3 grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">{t('common.close')}</span>
            </Dialog.Close>
            {art}
            <Dialog.Title
              className={cx('text-xl font-bold tracking-tight text-balance', danger && 'text-danger')}
            >
              {title}
            </Dialog.Title>
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

/** A modal's art: an icon on a rounded tile, `tone` giving its background and colour. */
export function ModalIcon({ icon: Icon, tone }: { icon: LucideIcon; tone: string }) {
  return (
    <span className={cx('mx-auto mb-5 grid size-16 place-items-center rounded-2xl', tone)}>
      <Icon aria-hidden="true" className="size-8" />
    </span>
  );
}
