import { Crown, TicketPercent } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import { useOfferDiscount } from '@/features/billing/api/get-offer-discount';
import { usePlanOffers } from '@/features/billing/api/get-plan-offers';
import { useNow } from '@/lib/countdown';
import type { OfferReason } from '@/lib/modals';
import { OfferCountdown } from './offer-countdown';
import { UpgradePrompt } from './upgrade-prompt';

interface OfferModalProps {
  reason: OfferReason;
  onClose: () => void;
}

/**
 * The upgrade prompt shown when a Pro feature is out of reach. The reason picks the headline. When
 * the learner has a personal coupon it counts down to its expiry (hh:mm:ss, every second) and
 * "Claim this offer" opens checkout of the monthly pro plan with it; at zero the coupon is gone and
 * only the plans remain (SPEC §4).
 */
export function OfferModal({ reason, onClose }: OfferModalProps) {
  const { t } = useTranslation();
  const now = useNow();
  const coupon = useOfferDiscount().data;
  const offers = usePlanOffers().data;
  // The offered plan: the monthly plan whose name says pro (or premium).
  const monthly = offers?.filter((offer) => offer.plan.interval === 'monthly') ?? [];
  const offered =
    monthly.find((o) => /pro/i.test(o.plan.name)) ?? monthly.find((o) => /premium/i.test(o.plan.name));
  const live =
    coupon && !coupon.is_expired && coupon.expires_at && Date.parse(coupon.expires_at) > now ? coupon : null;

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
      {live && offered ? (
        <div className="mt-6 rounded-card border border-pro/30 bg-pro-soft p-4">
          <p className="flex items-center justify-center gap-2 font-bold text-pro">
            <TicketPercent aria-hidden="true" className="size-5" />
            {t('offer.title', { percent: live.percent_off, plan: offered.plan.name })}
          </p>
          <p className="mt-1 mb-3 text-sm text-muted">{t('offer.ends-in')}</p>
          <OfferCountdown until={live.expires_at!} now={now} />
          <Link
            to={`/checkout/${offered.plan.id}?coupon=${encodeURIComponent(live.code)}`}
            onClick={onClose}
            className={buttonClasses({ size: 'lg', block: true }) + ' mt-4'}
          >
            {t('offer.claim')}
          </Link>
        </div>
      ) : null}
      <UpgradePrompt onClose={onClose} />
    </Modal>
  );
}
