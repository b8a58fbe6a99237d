import { Check, Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Modal } from '@/components/modal';
import type { OfferReason } from '@/lib/modals';

const PRO_BENEFITS = ['library', 'graded-reader', 'flashcards', 'translations', 'statistics'] as const;

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
        <span className="mx-auto mb-5 grid size-16 place-items-center rounded-2xl bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-card">
          <Crown aria-hidden="true" className="size-8" />
        </span>
      }
    >
      <div className="mt-6 rounded-card bg-surface-muted p-4 text-left">
        <p className="text-sm font-semibold">{t('modal.offer.benefits-title')}</p>
        <ul className="mt-3 grid gap-2.5">
          {PRO_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5 text-sm">
              <span className="mt-px grid size-5 shrink-0 place-items-center rounded-full bg-success text-surface">
                <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
              </span>
              {t(`modal.offer.benefit.${benefit}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 grid gap-2">
        <Link to="/plans" onClick={onClose} className={buttonClasses({ size: 'lg', block: true })}>
          {t('modal.offer.see-plans')}
        </Link>
        <Button variant="ghost" size="lg" block onClick={onClose}>
          {t('modal.offer.not-now')}
        </Button>
      </div>
    </Modal>
  );
}
