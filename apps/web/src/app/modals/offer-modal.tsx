import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalIcon } from '@/components/modal';
import type { OfferReason } from '@/lib/modals';
import { UpgradePrompt } from './upgrade-prompt';

interface OfferModalProps {
  reason: OfferReason;
  onClose: () => void;
}

/**
 * The upgrade prompt shown when a Pro feature is out of reach. The reason picks the headline. The
 * coupon countdown of SPEC §4 belongs between the benefits and the call to action; it arrives with
 * billing, which will load the active offer and pass it in.
 */
export function OfferModal({ reason, onClose }: OfferModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(`modal.offer.${reason}.title`)}
      description={t(`modal.offer.${reason}.text`)}
      art={
        <ModalIcon
          icon={Crown}
          tone="bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-card"
        />
      }
    >
      <UpgradePrompt onClose={onClose} />
    </Modal>
  );
}
