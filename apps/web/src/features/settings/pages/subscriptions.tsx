import type { Meter } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/progress-bar';
import { currentLocale } from '@/lib/i18n';
import { subscriptionQueryOptions, useSubscription } from '@/lib/subscription';
import { usageQueryOptions, useUsage } from '../api/get-usage';
import { PlanSection } from '../components/plan-section';
import { SettingsSection } from '../components/settings-section';

export function loader(queryClient: QueryClient) {
  return async () => {
    await Promise.all([
      queryClient.ensureQueryData(usageQueryOptions()),
      queryClient.ensureQueryData(subscriptionQueryOptions()),
    ]);
    return null;
  };
}

/** Audio is counted in seconds and shown in whole minutes. */
const toShown = (meter: Meter | 'decks', amount: number) =>
  meter === 'audio_seconds' ? Math.ceil(amount / 60) : amount;

function UsageRow({ meter, used, limit }: { meter: Meter | 'decks'; used: number; limit: number | null }) {
  const { t } = useTranslation();
  const label = t(`settings.usage.${meter}`);
  const shownUsed = toShown(meter, used);
  let value: string;
  if (limit === null) value = t('settings.usage.unlimited', { used: shownUsed });
  else if (limit === 0) value = t('settings.usage.not-included');
  else value = t('settings.usage.of', { used: shownUsed, limit: toShown(meter, limit) });
  return (
    <li className="grid gap-2 border-t border-line py-3.5 first:border-t-0 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="font-medium">{label}</span>
        <span className="text-sm text-muted tabular-nums">{value}</span>
      </div>
      {limit !== null && limit > 0 && (
        <ProgressBar value={used / limit} label={label} valueText={value} className="h-2" />
      )}
    </li>
  );
}

/**
 * /settings/subscriptions: the plan with its state, dates, price and card, what can be done with it
 * (change to annual, cancel, reactivate, more plans), and this month's use of its allowances.
 */
export default function SubscriptionsPage() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const usage = useUsage();
  const month = new Intl.DateTimeFormat(currentLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(usage.month));

  return (
    <div className="grid gap-5 sm:gap-6">
      <title>{`${t('settings.nav.subscriptions')} · ${t('settings.title')} · Lendo`}</title>
      <PlanSection subscription={subscription} />
      <SettingsSection title={t('settings.usage.section', { month })} description={t('settings.usage.text')}>
        <ul>
          {usage.meters.map((entry) => (
            <UsageRow key={entry.meter} {...entry} />
          ))}
          <UsageRow meter="decks" used={usage.decks.used} limit={usage.decks.limit} />
        </ul>
      </SettingsSection>
    </div>
  );
}
