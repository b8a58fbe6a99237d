import { Crown, Layers, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import type { LimitVariant } from '@/lib/modals';
import { UpgradePrompt } from './upgrade-prompt';

const ICONS = { flashcards: Layers, decks: Library, 'graded-reader': Crown } as const;

interface LimitReachedModalProps {
  variant: LimitVariant;
  onClose: () => void;
}

/** The plan's allowance is used up (SPEC §2 limit-reached modals): say which, and offer Pro. */
export function LimitReachedModal({ variant, onClose }: LimitReachedModalProps) {
  const { t } = useTranslation();
  const Icon = ICONS[variant];
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(`modal.limit-reached.${variant}.title`)}
      description={t(`limits.${variant}`)}
      art={
        <span className="mx-auto mb-5 grid size-16 place-items-center rounded-2xl bg-pro-soft text-pro">
          <Icon aria-hidden="true" className="size-8" />
        </span>
      }
    >
      <UpgradePrompt onClose={onClose} />
    </Modal>
  );
}
