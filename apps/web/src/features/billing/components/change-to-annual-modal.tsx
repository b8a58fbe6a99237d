import { CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal, ModalIcon } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { openModal, type ModalPropsByName } from '@/lib/modals';
import { formatMoney } from '@/lib/money';
import { useChangePlan } from '../api/change-plan';
import { usePlanOffers } from '../api/get-plan-offers';
import { planName, pricePerPeriod } from '../subscription-text';

type ChangeToAnnualModalProps = ModalPropsByName['change-to-annual'] & { onClose: () => void };

/**
 * Asks before a monthly plan moves to its yearly price (SPEC §2 "change to annual"), showing that
 * price and what it comes to per month; the API prorates what is left of the month.
 */
export function ChangeToAnnualModal({ subscription, onClose }: ChangeToAnnualModalProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  // The yearly price is listed in the currency the learner already pays in.
  const offers = usePlanOffers(subscription.currency === 'BRL' ? 'BR' : 'US');
  const change = useChangePlan();
  const annual = offers.data?.find((offer) => offer.price_id === subscription.annual_price_id);
  const plan = planName(t, subscription.plan.tier);

  const confirm = () => {
    if (!subscription.annual_price_id) return;
    change.mutate(subscription.annual_price_id, {
      onSuccess: (result) => openModal('subscription-event', result),
    });
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !change.isPending && onClose()}
      title={t('billing.annual.title')}
      description={t('billing.annual.text', { plan })}
      art={<ModalIcon icon={CalendarRange} tone="bg-brand-soft text-brand-ink" />}
    >
      <div className="mt-6 rounded-card bg-surface-muted p-4">
        {offers.isPending ? (
          <div className="grid justify-items-center gap-2" aria-busy="true">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-4 w-32" />
          </div>
        ) : annual ? (
          <>
            <p className="text-sm font-semibold text-muted">{t('billing.annual.price-label', { plan })}</p>
            <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">
              {pricePerPeriod(t, locale, annual.amount, annual.currency, 'yearly')}
            </p>
            <p className="mt-1 text-sm text-muted">
              {t('billing.annual.per-month', {
                price: formatMoney(annual.cost_per_month, annual.currency, locale),
                monthly: formatMoney(subscription.amount, subscription.currency, locale),
              })}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted">{t('billing.annual.price-unknown')}</p>
        )}
      </div>
      <p className="mt-4 text-sm text-pretty text-muted">
        {t(subscription.status === 'trial' ? 'billing.annual.in-trial' : 'billing.annual.prorated')}
      </p>
      {change.isError && (
        <div className="mt-5 text-left">
          <FormAlert code={errorCodeOf(change.error, 'subscription.error-occurred')} />
        </div>
      )}
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Button size="lg" block loading={change.isPending} onClick={confirm} className="sm:order-2">
          {t('billing.annual.confirm')}
        </Button>
        <Button variant="secondary" size="lg" block disabled={change.isPending} onClick={onClose}>
          {t('settings.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
