import {
  RETENTION_DISCOUNT_PERCENT,
  TRIAL_EXTENSION_DAYS,
  type CancelBody,
  type PlanOffer,
} from '@lendo/shared';
import { ArrowDownRight, BadgePercent, CalendarPlus, HeartCrack, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { InlineRetry } from '@/components/inline-retry';
import { Modal, ModalIcon } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { currentLocale } from '@/lib/i18n';
import { openModal, type ModalPropsByName } from '@/lib/modals';
import { useCancelOptions } from '../api/get-cancel-options';
import { useCancelSubscription } from '../api/cancel-subscription';
import { planName, pricePerPeriod } from '../subscription-text';

type CancelOptionsModalProps = ModalPropsByName['cancel-options'] & { onClose: () => void };

type OfferKind = 'trial' | 'discount' | 'downgrade';

/** The offers to show, in order (SPEC §4): the API decides which ones the learner may take. */
export function offersFor(options: {
  can_extend_trial: boolean;
  can_receive_discount: boolean;
  downgrade: PlanOffer | null;
}): OfferKind[] {
  const offers: OfferKind[] = [];
  if (options.can_extend_trial) offers.push('trial');
  if (options.can_receive_discount) offers.push('discount');
  if (options.downgrade) offers.push('downgrade');
  return offers;
}

function Offer({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <li className="grid gap-3 rounded-card border border-line p-4 text-left sm:grid-cols-[auto_1fr] sm:gap-x-4">
      <span className="grid size-11 place-items-center rounded-xl bg-brand-soft text-brand-ink max-sm:hidden">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="grid gap-3">
        <div>
          <h3 className="font-bold tracking-tight">{title}</h3>
          <p className="mt-0.5 text-sm text-pretty text-muted">{text}</p>
        </div>
        <div>{action}</div>
      </div>
    </li>
  );
}

/**
 * The cancel options (SPEC §4 cancel flow): 7 more days of trial, 10% off the next month, or a move
 * to the next cheaper plan, as GET /billing/stripe/cancel/ allows; then "cancel anyway", which asks
 * for the reason. A taken offer shows what it did in the subscription-event modal.
 */
export function CancelOptionsModal({ subscription, onClose }: CancelOptionsModalProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const options = useCancelOptions();
  const cancel = useCancelSubscription();
  const [chosen, setChosen] = useState<OfferKind | null>(null);

  const take = (kind: OfferKind, body: CancelBody) => {
    setChosen(kind);
    cancel.mutate(body, {
      onSuccess: (change) => openModal('subscription-event', change),
      onError: () => {
        toast.error(t('subscription.error-occurred'));
        setChosen(null);
      },
    });
  };
  const busy = cancel.isPending;
  const plan = planName(t, subscription.plan.tier);

  let body: ReactNode;
  if (options.isPending) {
    body = (
      <div className="mt-6 grid gap-3" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-28 rounded-card" />
        <Skeleton className="h-12 rounded-field" />
      </div>
    );
  } else if (options.isError) {
    body = (
      <div className="mt-6 flex justify-center">
        <InlineRetry message={t('billing.cancel.load-error')} onRetry={() => void options.refetch()} />
      </div>
    );
  } else {
    const offers = offersFor(options.data);
    const downgrade = options.data.downgrade;
    body = (
      <>
        {offers.length > 0 && (
          <ul className="mt-6 grid gap-3">
            {offers.includes('trial') && (
              <Offer
                icon={CalendarPlus}
                title={t('billing.cancel.trial.title', { days: TRIAL_EXTENSION_DAYS })}
                text={t('billing.cancel.trial.text', { days: TRIAL_EXTENSION_DAYS, plan })}
                action={
                  <Button
                    block
                    loading={busy && chosen === 'trial'}
                    disabled={busy}
                    onClick={() => take('trial', { apply_trial: true })}
                  >
                    {t('billing.cancel.trial.action')}
                  </Button>
                }
              />
            )}
            {offers.includes('discount') && (
              <Offer
                icon={BadgePercent}
                title={t('billing.cancel.discount.title', { percent: RETENTION_DISCOUNT_PERCENT })}
                text={t('billing.cancel.discount.text', { percent: RETENTION_DISCOUNT_PERCENT, plan })}
                action={
                  <Button
                    block
                    loading={busy && chosen === 'discount'}
                    disabled={busy}
                    onClick={() => take('discount', { apply_discount: true })}
                  >
                    {t('billing.cancel.discount.action')}
                  </Button>
                }
              />
            )}
            {downgrade && downgrade.price_id && (
              <Offer
                icon={ArrowDownRight}
                title={t('billing.cancel.downgrade.title', { plan: planName(t, downgrade.plan.tier) })}
                text={t('billing.cancel.downgrade.text', {
                  plan: planName(t, downgrade.plan.tier),
                  price: pricePerPeriod(
                    t,
                    locale,
                    downgrade.amount,
                    downgrade.currency,
                    downgrade.plan.interval,
                  ),
                })}
                action={
                  <Button
                    block
                    loading={busy && chosen === 'downgrade'}
                    disabled={busy}
                    onClick={() => take('downgrade', { downgrade_price_id: downgrade.price_id ?? undefined })}
                  >
                    {t('billing.cancel.downgrade.action', { plan: planName(t, downgrade.plan.tier) })}
                  </Button>
                }
              />
            )}
          </ul>
        )}
        <div className="mt-6 grid gap-2 sm:grid-cols-2">
          <Button
            variant="secondary"
            size="lg"
            block
            disabled={busy}
            onClick={onClose}
            className="sm:order-2"
          >
            {t('billing.cancel.keep')}
          </Button>
          <Button
            variant="ghost"
            size="lg"
            block
            disabled={busy}
            onClick={() => openModal('cancel-reason', {})}
          >
            {t('billing.cancel.anyway')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('billing.cancel.title')}
      description={t('billing.cancel.text', { plan })}
      art={<ModalIcon icon={HeartCrack} tone="bg-danger-soft text-danger" />}
    >
      {body}
    </Modal>
  );
}
