import type { PaymentMethod } from '@lendo/shared';
import { CreditCard, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { CardBrandMark, cardLabel } from '@/components/card-brand';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { formatShortDay } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { usePaymentMethods } from '@/lib/payment-methods';
import { useDeletePaymentMethod } from '../api/delete-payment-method';
import { useUpdatePaymentMethod } from '../api/update-payment-method';
import { SettingsSection } from './settings-section';

/** "08/2030": a card's expiry as printed on it. */
export const expiryText = (card: Pick<PaymentMethod, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

function CardRow({ card }: { card: PaymentMethod }) {
  const { t } = useTranslation();
  const update = useUpdatePaymentMethod();
  const remove = useDeletePaymentMethod();
  const label = cardLabel(card);

  const makeDefault = () =>
    update.mutate(
      { payment_method_id: card.id, set_as_default: true },
      {
        onSuccess: () => toast.success(t('settings.cards.default-set', { card: label })),
        onError: (error) => toast.error(t(errorCodeOf(error, 'subscription.error-occurred'))),
      },
    );

  const confirmRemove = () =>
    openModal('confirm-delete', {
      title: t('settings.cards.remove-title'),
      content: t('settings.cards.remove-text', { card: label }),
      confirmText: t('settings.cards.remove'),
      onConfirm: async () => {
        await remove.mutateAsync(card.id);
        toast.success(t('settings.cards.removed', { card: label }));
      },
    });

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 border-t border-line py-4 first:border-t-0 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3.5">
        <CardBrandMark brand={card.brand} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold tabular-nums">
            <span className="whitespace-nowrap">{label}</span>
            {card.is_default && <Badge tone="brand">{t('settings.cards.default')}</Badge>}
          </p>
          <p className="mt-0.5 text-sm wrap-anywhere text-muted">
            {[
              t('settings.cards.expires', { date: expiryText(card) }),
              card.holder_name,
              t('settings.cards.added', { date: formatShortDay(card.created_at, currentLocale()) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        {!card.is_default && (
          <Button
            variant="ghost"
            loading={update.isPending}
            onClick={makeDefault}
            aria-label={t('settings.cards.make-default-label', { card: label })}
          >
            <Star aria-hidden="true" className="size-4" />
            {t('settings.cards.make-default')}
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={() => openModal('edit-payment-method', { paymentMethod: card })}
          aria-label={t('settings.cards.edit-label', { card: label })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('settings.cards.edit')}
        </Button>
        <Button
          variant="ghost"
          onClick={confirmRemove}
          aria-label={t('settings.cards.remove-label', { card: label })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('settings.cards.remove')}
        </Button>
      </div>
    </li>
  );
}

/** Billing › payment methods (SPEC §2): the saved cards, the default one marked, and adding one. */
export function PaymentMethodsSection() {
  const { t } = useTranslation();
  const cards = usePaymentMethods();
  const addCard = (
    <Button variant="secondary" onClick={() => openModal('add-payment-method', {})}>
      <Plus aria-hidden="true" className="size-4" />
      {t('settings.cards.add')}
    </Button>
  );

  let body;
  if (cards.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-3.5">
            <Skeleton className="h-8 w-12 rounded-md" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-64 max-w-full" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (cards.isError) {
    body = <InlineRetry message={t('settings.cards.load-error')} onRetry={() => void cards.refetch()} />;
  } else if (cards.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-card border border-dashed border-line-strong px-4 py-8 text-center">
        <span className="grid size-12 place-items-center rounded-2xl bg-surface-muted text-muted">
          <CreditCard aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="font-semibold">{t('settings.cards.empty')}</p>
          <p className="mt-1 text-sm text-pretty text-muted">{t('settings.cards.empty-text')}</p>
        </div>
        {addCard}
      </div>
    );
  } else {
    body = (
      <div className="grid gap-5">
        <ul>
          {cards.data.map((card) => (
            <CardRow key={card.id} card={card} />
          ))}
        </ul>
        <div>{addCard}</div>
      </div>
    );
  }

  return (
    <SettingsSection title={t('settings.cards.section')} description={t('settings.cards.text')}>
      {body}
    </SettingsSection>
  );
}
