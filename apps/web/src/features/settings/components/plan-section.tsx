import type { Subscription } from '@lendo/shared';
import { CalendarClock, CircleAlert, Crown, RotateCcw, Sparkles } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { CardBrandMark, cardLabel } from '@/components/card-brand';
import { errorCodeOf } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { formatMoney } from '@/lib/money';
import { useReactivateSubscription } from '@/lib/subscription';
import { isPaidPlan, STATUS_TONES, subscriptionActions, subscriptionDateLine } from '../subscription-state';
import { SettingsSection } from './settings-section';

/** The date line under the plan: trial end, renewal, valid until, ended, or a failed payment. */
function DateLine({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const line = subscriptionDateLine(subscription);
  if (!line) return null;
  const date = line.date ? formatDay(line.date, currentLocale()) : '';
  if (line.key === 'settings.subscription.past-due') {
    return (
      <div role="alert" className="flex gap-3 rounded-field bg-danger-soft p-3.5 text-sm text-danger">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('settings.subscription.past-due')}</p>
          <p>
            {t('settings.subscription.past-due-text')}{' '}
            <Link to="/settings/billing" className="font-semibold underline underline-offset-2">
              {t('settings.subscription.update-card')}
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted" />
      {t(line.key, { date })}
    </p>
  );
}

/**
 * The plan card of /settings/subscriptions (SPEC §2): the plan, its state and price, the date that
 * matters, the card paying it, and what can be done: change to annual, cancel, reactivate, more plans.
 * A free learner sees Basic and an invitation to upgrade.
 */
export function PlanSection({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const reactivate = useReactivateSubscription();
  const paid = isPaidPlan(subscription);
  const tier = paid ? subscription.plan.tier : 'basic';
  const actions = subscriptionActions(subscription);

  const onReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: (change) => openModal('subscription-event', change),
      onError: (error) => toast.error(t(errorCodeOf(error, 'subscription.error-occurred'))),
    });

  return (
    <SettingsSection title={t('settings.plan.section')}>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1 basis-48">
            <p className="flex flex-wrap items-center gap-2 text-xl font-bold">
              {paid && <Crown aria-hidden="true" className="size-5 text-pro" />}
              <span>{t(`settings.plan.${tier}`)}</span>
              {subscription.status !== 'free' && (
                <Badge tone={STATUS_TONES[subscription.status]}>
                  {t(`settings.status.${subscription.status}`)}
                </Badge>
              )}
            </p>
            <p className="mt-1 text-sm text-pretty text-muted">{t(`settings.plan.${tier}.text`)}</p>
          </div>
          {paid && subscription.amount > 0 && (
            <p className="text-right">
              <span className="block text-xl font-bold tracking-tight tabular-nums">
                {formatMoney(subscription.amount, subscription.currency, locale)}
              </span>
              <span className="text-sm text-muted">
                {t(`settings.subscription.per.${subscription.plan.interval}`)}
              </span>
            </p>
          )}
        </div>

        <DateLine subscription={subscription} />

        {subscription.next_discount_percent !== null && subscription.next_discount_percent > 0 && (
          <p className="flex items-center gap-2 text-sm font-medium text-success">
            <Sparkles aria-hidden="true" className="size-4 shrink-0" />
            {t('settings.subscription.discount', { percent: subscription.next_discount_percent })}
          </p>
        )}

        {paid && subscription.payment_method && (
          <div className="flex flex-wrap items-center gap-3 rounded-field bg-surface-muted px-4 py-3">
            <CardBrandMark brand={subscription.payment_method.brand} />
            <div className="min-w-0 flex-1 basis-32">
              <p className="text-xs font-semibold text-muted">{t('settings.subscription.paid-with')}</p>
              <p className="font-semibold whitespace-nowrap tabular-nums">
                {cardLabel(subscription.payment_method)}
              </p>
            </div>
            <Link
              to="/settings/billing"
              aria-label={t('settings.subscription.manage-cards-label')}
              className="inline-flex min-h-11 items-center rounded-field px-2 text-sm font-semibold text-brand-ink hover:bg-surface"
            >
              {t('settings.subscription.manage-cards')}
            </Link>
          </div>
        )}

        {!paid && (
          <div className="flex flex-wrap items-center gap-4 rounded-card bg-linear-to-br from-brand-soft to-pro-soft p-4 sm:p-5">
            <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-card">
              <Crown aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0 flex-1 basis-52">
              <p className="font-bold tracking-tight">{t('settings.subscription.upgrade-title')}</p>
              <p className="mt-0.5 text-sm text-pretty text-muted">
                {t('settings.subscription.upgrade-text')}
              </p>
            </div>
            <Link to="/plans" className={buttonClasses()}>
              {t('settings.subscription.upgrade')}
            </Link>
          </div>
        )}

        <div className="flex flex-wrap gap-2 border-t border-line pt-4">
          {actions.reactivate && (
            <Button loading={reactivate.isPending} onClick={onReactivate}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('billing.reactivate')}
            </Button>
          )}
          {actions.changeToAnnual && (
            <Button variant="secondary" onClick={() => openModal('change-to-annual', { subscription })}>
              {t('settings.subscription.change-to-annual')}
            </Button>
          )}
          <Link to="/plans" className={buttonClasses({ variant: 'secondary' })}>
            <Sparkles aria-hidden="true" className="size-4" />
            {t('settings.plan.more')}
          </Link>
          {actions.cancel && (
            <Button
              variant="ghost"
              className="sm:ml-auto"
              onClick={() => openModal('cancel-options', { subscription })}
            >
              {t('settings.subscription.cancel')}
            </Button>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}
