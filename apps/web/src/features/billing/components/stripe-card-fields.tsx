import type { SetupIntent } from '@lendo/shared';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/field-error';
import { CardRefused } from './card-refused';

/** One Stripe.js per publishable key for the life of the page. */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

interface StripeCardFieldsProps {
  intent: SetupIntent;
  /** Receives the function that confirms the setup intent with the card typed. */
  onReady: (confirm: (holderName: string) => Promise<string | null>) => void;
}

/** Stripe Elements' card field (Stripe mode): the card never touches our servers. */
export default function StripeCardFields({ intent, onReady }: StripeCardFieldsProps) {
  const { i18n } = useTranslation();
  return (
    <Elements stripe={stripeFor(intent.publishable_key!)} options={{ locale: i18n.language as 'pt' }}>
      <CardField intent={intent} onReady={onReady} />
    </Elements>
  );
}

function CardField({ intent, onReady }: StripeCardFieldsProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string>();

  useEffect(() => {
    onReady(async (holderName) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return null;
      const result = await stripe.confirmCardSetup(intent.client_secret, {
        payment_method: { card, billing_details: { name: holderName } },
      });
      if (result.error) {
        if (result.error.type === 'validation_error') {
          setError(result.error.message);
          return null;
        }
        throw new CardRefused(result.error.message ?? t('subscription.error-occurred'));
      }
      const method = result.setupIntent.payment_method;
      return typeof method === 'string' ? method : (method?.id ?? null);
    });
  }, [stripe, elements, intent.client_secret, onReady, t]);

  return (
    <div>
      <span className="mb-1.5 block text-sm font-semibold">{t('card.number')}</span>
      <div className="rounded-field border border-line-strong bg-surface px-4 py-3.5">
        <CardElement options={{ hidePostalCode: true }} onChange={() => setError(undefined)} />
      </div>
      {error && (
        <div className="mt-1.5">
          <FieldError id="stripe-card-error" code={error} />
        </div>
      )}
    </div>
  );
}
