import { Crown, Languages, Layers, Library, Sparkles, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalIcon } from '@/components/modal';
import type { LimitVariant } from '@/lib/modals';
import { UpgradePrompt } from './upgrade-prompt';

const ICONS = {
  flashcards: Layers,
  decks: Library,
  'graded-reader': Crown,
  translations: Languages,
  audio: Volume2,
  'ai-sentences': Sparkles,
} as const;

interface LimitReachedModalProps {
  variant: LimitVariant;
  onClose: () => void;
}

/** The plan's allowance is used up (SPEC §2 limit-reached modals): say which, and offer Pro. */
export function LimitReachedModal({ variant, onClose }: LimitReachedModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(`modal.limit-reached.${variant}.title`)}
      description={t(`limits.${variant}`)}
      art={<ModalIcon icon={ICONS[variant]} tone="bg-pro-soft text-pro" />}
    >
      <UpgradePrompt onClose={onClose} />
    </Modal>
  );
}
