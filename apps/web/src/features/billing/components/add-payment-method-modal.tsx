import { CircleAlert, CreditCard } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CheckboxField } from '@/components/checkbox-field';
import { Modal, ModalIcon } from '@/components/modal';
import { Skeleton } from '@/components/skeleton';
import { ApiError } from '@/lib/api-client';
import { usePaymentMethods } from '@/lib/payment-methods';
import { useSubscriptionQuery } from '@/lib/subscription';
import { usePlanOffers } from '../api/get-plan-offers';
import { useAddPaymentMethod } from '../api/add-payment-method';
import { useCardEntry } from './card-entry';

/** What to say when the card is refused: the provider's own words, in the learner's language when we have them. */
function cardErrorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.code !== 'error.unexpected') return t(error.code);
  if (error instanceof Error && error.message) return error.message;
  return t('subscription.error-occurred');
}

/**
 * Add payment method (SPEC §2): the holder name and card (the shared card entry confirms it with the
 * provider, which answers with the new payment method) and whether it becomes the default card.
 * A refused card says why inline; a failure to save it shows subscription.error-occurred.
 */
export function AddPaymentMethodModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const priceId = useSetupPriceId();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('settings.cards.add-title')}
      description={t('settings.cards.add-text')}
      art={<ModalIcon icon={CreditCard} tone="bg-brand-soft text-brand-ink" />}
    >
      {priceId ? (
        <AddCardForm priceId={priceId} onClose={onClose} onBusyChange={setBusy} />
      ) : (
        <div className="mt-6 grid gap-4" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          <Skeleton className="h-12 rounded-field" />
          <Skeleton className="h-12 rounded-field" />
          <Skeleton className="h-12 rounded-field" />
        </div>
      )}
    </Modal>
  );
}

/**
 * The price a card is saved for (the setup intent asks for one): the plan the learner pays, else the
 * first paid plan on offer.
 */
function useSetupPriceId(): string | undefined {
  const subscription = useSubscriptionQuery();
  const offers = usePlanOffers();
  return (
    subscription.data?.price_id ??
    offers.data?.find((offer) => offer.price_id !== null)?.price_id ??
    undefined
  );
}

interface AddCardFormProps {
  priceId: string;
  onClose: () => void;
  /** Told while a card is being saved: the modal then stays open. */
  onBusyChange: (busy: boolean) => void;
}

function AddCardForm({ priceId, onClose, onBusyChange }: AddCardFormProps) {
  const { t } = useTranslation();
  const card = useCardEntry(priceId);
  const add = useAddPaymentMethod();
  const cards = usePaymentMethods();
  const isFirstCard = cards.data?.length === 0;
  const [makeDefault, setMakeDefault] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const busy = confirming || add.isPending;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setCardError(null);
    setConfirming(true);
    let paymentMethodId: string | null;
    try {
      paymentMethodId = await card.confirm();
    } catch (error) {
      setCardError(cardErrorText(error, t));
      return;
    } finally {
      setConfirming(false);
    }
    if (!paymentMethodId) return;
    add.mutate(
      { payment_method_id: paymentMethodId, set_as_default: makeDefault || isFirstCard },
      {
        onSuccess: () => {
          toast.success(t('settings.cards.added-toast'));
          onClose();
        },
        onError: () => toast.error(t('subscription.error-occurred')),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
      {cardError && (
        <div role="alert" className="flex gap-3 rounded-field bg-danger-soft p-3.5 text-sm text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="font-semibold">{cardError}</p>
        </div>
      )}
      {card.element}
      {!isFirstCard && (
        <CheckboxField
          label={t('settings.cards.make-default-check')}
          checked={makeDefault}
          disabled={busy}
          onChange={(event) => setMakeDefault(event.target.checked)}
        />
      )}
      <div className="mt-1 grid gap-2 sm:grid-cols-2 sm:gap-3">
        <Button type="submit" size="lg" loading={busy} className="sm:order-2">
          {t('settings.cards.add-submit')}
        </Button>
        <Button variant="secondary" size="lg" disabled={busy} onClick={onClose}>
          {t('settings.cancel')}
        </Button>
      </div>
    </form>
  );
}
