import { RETENTION_DISCOUNT_PERCENT, type Subscription, type SubscriptionEvent } from '@lendo/shared';
import {
  BadgePercent,
  CalendarCheck,
  CalendarPlus,
  CircleCheck,
  CircleMinus,
  PartyPopper,
  RefreshCw,
  type LucideIcon,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { openModal, type ModalPropsByName } from '@/lib/modals';
import { invalidateAfterSubscriptionChange } from '@/lib/billing-queries';
import { reactivateSubscription } from '@/lib/subscription';
import { dayOf, nextPaymentAt, planName, pricePerPeriod } from '../subscription-text';

type SubscriptionEventModalProps = ModalPropsByName['subscription-event'] & { onClose: () => void };

const LOOKS: Record<SubscriptionEvent, { icon: LucideIcon; tone: string }> = {
  'trial-extended': { icon: CalendarPlus, tone: 'bg-brand-soft text-brand-ink' },
  'discount-applied': { icon: BadgePercent, tone: 'bg-success-soft text-success' },
  downgraded: { icon: CircleCheck, tone: 'bg-brand-soft text-brand-ink' },
  'canceled-trial-subscription': { icon: CircleMinus, tone: 'bg-surface-muted text-muted' },
  'canceled-subscription': { icon: CalendarCheck, tone: 'bg-surface-muted text-muted' },
  reactivated: { icon: PartyPopper, tone: 'bg-success-soft text-success' },
  'changed-to-annual': { icon: RefreshCw, tone: 'bg-success-soft text-success' },
  'plan-changed': { icon: CircleCheck, tone: 'bg-success-soft text-success' },
};

/** The values the texts of each variant use: the plan, its price and the date that matters. */
function textValues(event: SubscriptionEvent, subscription: Subscription, locale: string, t: Translate) {
  const date =
    event === 'trial-extended'
      ? dayOf(subscription.trial_end_at, locale)
      : event === 'canceled-subscription'
        ? dayOf(subscription.cancel_at ?? subscription.current_period_end, locale)
        : dayOf(nextPaymentAt(subscription), locale);
  return {
    plan: planName(t, subscription.plan.tier),
    price: pricePerPeriod(t, locale, subscription.amount, subscription.currency, subscription.plan.interval),
    percent: subscription.next_discount_percent ?? RETENTION_DISCOUNT_PERCENT,
    date,
  };
}
type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What a change of subscription did (SPEC §4): trial extended, discount applied, downgraded, canceled
 * (during the trial or not), reactivated, changed to annual. After a paid plan is canceled its main
 * action is "Reactivate": the modal closes and the reactivation follows, then says it worked.
 */
export function SubscriptionEventModal({ event, subscription, onClose }: SubscriptionEventModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { icon, tone } = LOOKS[event];
  const values = textValues(event, subscription, currentLocale(), t);

  // The modal is gone when the answer comes: the call is not tied to it.
  const closeAndReactivate = () => {
    onClose();
    reactivateSubscription().then(
      async (change) => {
        await invalidateAfterSubscriptionChange(queryClient);
        openModal('subscription-event', change);
      },
      (error: unknown) => toast.error(t(errorCodeOf(error, 'subscription.error-occurred'))),
    );
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(`billing.event.${event}.title`, values)}
      description={t(`billing.event.${event}.text`, values)}
      art={<ModalIcon icon={icon} tone={tone} />}
    >
      {event === 'canceled-subscription' && subscription.can_reactivate ? (
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <Button size="lg" block onClick={closeAndReactivate} className="sm:order-2">
            {t('billing.reactivate')}
          </Button>
          <Button variant="secondary" size="lg" block onClick={onClose}>
            {t('billing.event.done')}
          </Button>
        </div>
      ) : (
        <div className="mt-6 grid">
          <Button size="lg" block data-autofocus onClick={onClose}>
            {t('billing.event.done')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
