import type { BillingInterval, PlanOffer, PlanTier } from '@lendo/shared';
import { Check, Crown, RotateCcw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { InlineRetry } from '@/components/inline-retry';
import { SegmentedControl } from '@/components/segmented-control';
import { Skeleton } from '@/components/skeleton';
import { cx } from '@/lib/cx';
import { formatDay } from '@/lib/dates';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { useReactivateSubscription, useSubscriptionQuery } from '@/lib/subscription';
import { usePlanOffers } from '../api/get-plan-offers';
import { FlowLayout } from '../components/flow-layout';

const TIERS: readonly PlanTier[] = ['basic', 'pro', 'premium'];

/** How much a yearly plan saves against twelve months of the monthly one, in whole percent. */
const savingPercent = (offer: PlanOffer) =>
  offer.old_cost_per_month ? Math.round((1 - offer.amount / (offer.old_cost_per_month * 12)) * 100) : 0;

/**
 * /plans (SPEC §2): the three plans, monthly or yearly, priced in the learner's currency. Yearly
 * prices are compared with twelve months of the monthly one; the trial, the current plan and the
 * way to reactivate a canceled one are marked.
 */
export default function PlansPage() {
  const { t } = useTranslation();
  const offers = usePlanOffers();
  const subscription = useSubscriptionQuery();
  const current = offers.data?.find((offer) => offer.is_current_plan && offer.plan.tier !== 'basic');
  const [interval, setInterval] = useState<BillingInterval | null>(null);
  const shown = interval ?? current?.plan.interval ?? 'monthly';
  const bestSaving = Math.max(0, ...(offers.data ?? []).map(savingPercent));

  return (
    <FlowLayout width="wide" back={{ to: '/', label: t('plans.back') }}>
      <div className="mx-auto max-w-2xl text-center">
        <span className="inline-grid size-12 place-items-center rounded-2xl bg-pro-soft text-pro">
          <Crown aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance sm:text-4xl">
          {t('plans.title')}
        </h1>
        <p className="mt-3 text-muted text-balance">{t('plans.subtitle')}</p>
      </div>
      <SegmentedControl
        legend={t('plans.interval')}
        className="mx-auto mt-8 max-w-sm"
        value={shown}
        onChange={setInterval}
        options={[
          { value: 'monthly', label: t('plans.monthly') },
          {
            value: 'yearly',
            label: (
              <>
                {t('plans.yearly')}
                {bestSaving > 0 && (
                  <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs text-success">
                    −{bestSaving}%
                  </span>
                )}
              </>
            ),
          },
        ]}
      />
      {offers.isError ? (
        <div className="mt-10 flex justify-center">
          <InlineRetry message={t('plans.load-error')} onRetry={() => void offers.refetch()} />
        </div>
      ) : !offers.data ? (
        <div className="mt-8 grid gap-4 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          {TIERS.map((tier) => (
            <Skeleton key={tier} className="h-96 rounded-card" />
          ))}
        </div>
      ) : (
        <ul className="mt-8 grid items-start gap-4 lg:grid-cols-3">
          {TIERS.map((tier) => {
            const offer = offers.data.find((o) => o.plan.tier === tier && o.plan.interval === shown);
            return (
              offer && (
                <PlanCard
                  key={tier}
                  offer={offer}
                  canReactivate={Boolean(subscription.data?.can_reactivate)}
                  cancelAt={subscription.data?.cancel_at ?? null}
                  hasPaidPlan={Boolean(current)}
                />
              )
            );
          })}
        </ul>
      )}
      <p className="mx-auto mt-8 max-w-xl text-center text-sm text-muted">{t('plans.footnote')}</p>
    </FlowLayout>
  );
}

interface PlanCardProps {
  offer: PlanOffer;
  /** The learner's paid plan is canceled but still running: it can renew again. */
  canReactivate: boolean;
  cancelAt: string | null;
  /** The learner pays for a plan now: another paid plan is a change of plan. */
  hasPaidPlan: boolean;
}

function PlanCard({ offer, canReactivate, cancelAt, hasPaidPlan }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const { plan } = offer;
  const featured = plan.tier === 'pro';
  const money = (minor: number) => formatMoney(minor, offer.currency, i18n.language);
  const saving = savingPercent(offer);
  const headingId = `plan-${plan.tier}`;

  return (
    <li
      aria-labelledby={headingId}
      className={cx(
        'relative flex flex-col rounded-card border bg-surface p-6 shadow-card',
        featured ? 'border-brand ring-2 ring-brand/30 lg:-mt-2' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight">
          {plan.name}
        </h2>
        {offer.is_current_plan && <Badge tone="brand">{t('plans.current')}</Badge>}
        {!offer.is_current_plan && featured && (
          <Badge tone="pro">
            <Sparkles aria-hidden="true" className="size-3" />
            {t('plans.popular')}
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">{t(`plans.tagline.${plan.tier}`)}</p>

      <div className="mt-5 min-h-20">
        {plan.tier === 'basic' ? (
          <p className="text-3xl font-bold tracking-tight">{t('plans.free')}</p>
        ) : (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-3xl font-bold tracking-tight">{money(offer.cost_per_month)}</span>
              <span className="text-sm text-muted">{t('plans.per-month')}</span>
              {offer.old_cost_per_month !== null && (
                <s
                  className="text-sm text-muted"
                  aria-label={t('plans.instead-of', { price: money(offer.old_cost_per_month) })}
                >
                  {money(offer.old_cost_per_month)}
                </s>
              )}
            </p>
            {plan.interval === 'yearly' && offer.old_cost_per_month !== null ? (
              <p className="mt-1 text-sm text-muted">
                {t('plans.billed-yearly', {
                  price: money(offer.amount),
                  full: money(offer.old_cost_per_month * 12),
                })}
                {saving > 0 && (
                  <Badge tone="success" className="ml-2">
                    {t('plans.save', { percent: saving })}
                  </Badge>
                )}
              </p>
            ) : (
              <p className="mt-1 text-sm text-muted">{t('plans.billed-monthly')}</p>
            )}
          </>
        )}
      </div>

      {plan.trial_days > 0 && (
        <p className="mt-3 self-start">
          <Badge tone="success">{t('plans.trial', { count: plan.trial_days })}</Badge>
        </p>
      )}

      <div className="mt-5">
        <PlanAction
          offer={offer}
          canReactivate={canReactivate}
          cancelAt={cancelAt}
          hasPaidPlan={hasPaidPlan}
        />
      </div>

      <ul
        className="mt-6 grid gap-2.5 border-t border-line pt-5"
        aria-label={t('plans.features', { plan: plan.name })}
      >
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5 text-sm">
            <span className="mt-px grid size-5 shrink-0 place-items-center rounded-full bg-success-soft text-success">
              <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
            </span>
            {t(`plans.feature.${feature}`)}
          </li>
        ))}
      </ul>
    </li>
  );
}

function PlanAction({ offer, canReactivate, cancelAt, hasPaidPlan }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const reactivate = useReactivateSubscription();
  const { plan } = offer;

  if (offer.is_current_plan) {
    if (plan.tier !== 'basic' && canReactivate) {
      return (
        <div className="grid gap-2">
          <Button
            block
            size="lg"
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(undefined, {
                onSuccess: () => toast.success(t('plans.reactivated')),
                onError: () => toast.error(t('subscription.error-occurred')),
              })
            }
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('billing.reactivate')}
          </Button>
          {cancelAt && (
            <p className="text-center text-xs text-muted">
              {t('plans.ends-on', { date: formatDay(cancelAt, i18n.language) })}
            </p>
          )}
        </div>
      );
    }
    return (
      <Button block size="lg" variant="secondary" disabled>
        {t('plans.your-plan')}
      </Button>
    );
  }
  if (plan.tier === 'basic') {
    // Going back to basic is canceling, which lives in settings with its retention offers.
    return me.subscription.plan ? (
      <Link
        to="/settings/subscriptions"
        className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })}
      >
        {t('plans.manage')}
      </Link>
    ) : null;
  }
  return (
    <Link
      to={`/checkout/${plan.id}`}
      className={buttonClasses({
        variant: plan.tier === 'pro' ? 'primary' : 'secondary',
        size: 'lg',
        block: true,
      })}
    >
      {hasPaidPlan
        ? t('plans.switch')
        : plan.trial_days > 0
          ? t('plans.start-trial')
          : t('plans.choose', { plan: plan.name })}
    </Link>
  );
}
