import type { ConfirmedSetupIntent, SetupIntent } from '@lendo/shared';
import { FlaskConical } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { api, ApiError } from '@/lib/api-client';
import { useSetupIntent } from '../api/get-setup-intent';
import { digitsOf, formatExpiry, groupCardNumber, parseExpiry, passesLuhn } from '../card-format';
import { CardRefused } from './card-refused';

/** Stripe Elements load only when the server runs with Stripe keys: the sandbox needs nothing from the network. */
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

/** Saves the card the fields hold; resolves to the new payment method's id, null when a field is wrong. */
export type ConfirmCard = () => Promise<string | null>;

export interface CardEntry {
  /** The holder name and card fields, or their loading or error state. */
  element: ReactNode;
  /** Confirms the card with the provider. A refused card rejects with the provider's message. */
  confirm: ConfirmCard;
  /** True with the sandbox processor: nothing is really charged. */
  isTestMode: boolean;
  ready: boolean;
}

/**
 * The card form shared by checkout and "add payment method": a setup intent for `priceId`, then the
 * holder name and card, confirmed with Stripe.js (Stripe mode) or with the sandbox processor.
 */
export function useCardEntry(priceId: string | undefined, defaultHolder = ''): CardEntry {
  const { t } = useTranslation();
  const intent = useSetupIntent(priceId);
  const [holder, setHolder] = useState(defaultHolder);
  const [holderError, setHolderError] = useState<string>();
  const stripeConfirm = useRef<((name: string) => Promise<string | null>) | null>(null);
  const sandbox = useSandboxCard();

  const holderField = (
    <TextField
      label={t('card.holder')}
      name="cc-name"
      autoComplete="cc-name"
      value={holder}
      error={holderError}
      onChange={(event) => {
        setHolder(event.target.value);
        setHolderError(undefined);
      }}
    />
  );

  let element: ReactNode;
  if (intent.isError) {
    element = <InlineRetry message={t('card.load-error')} onRetry={() => void intent.refetch()} />;
  } else if (!intent.data) {
    element = (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-12 rounded-field" />
        <Skeleton className="h-12 rounded-field" />
      </div>
    );
  } else if (intent.data.provider === 'stripe') {
    element = (
      <div className="grid gap-4">
        {holderField}
        <Suspense fallback={<Skeleton className="h-12 rounded-field" />}>
          <StripeCardFields
            intent={intent.data}
            onReady={(confirm) => {
              stripeConfirm.current = confirm;
            }}
          />
        </Suspense>
      </div>
    );
  } else {
    element = (
      <div className="grid gap-4">
        {holderField}
        {sandbox.fields}
      </div>
    );
  }

  const confirm: ConfirmCard = async () => {
    const data = intent.data;
    if (!data) return null;
    const name = holder.trim();
    const sandboxValid = data.provider === 'sandbox' ? sandbox.validate() : true;
    if (!name) setHolderError('billing.holder-required');
    if (!name || !sandboxValid) return null;
    try {
      if (data.provider === 'stripe') {
        if (!stripeConfirm.current) return null;
        return await stripeConfirm.current(name);
      }
      return await sandbox.confirm(data, name);
    } finally {
      // A setup intent saves one card: the next attempt gets a fresh one.
      void intent.refetch();
    }
  };

  return { element, confirm, isTestMode: intent.data?.provider === 'sandbox', ready: Boolean(intent.data) };
}

/**
 * The sandbox processor's card fields: what Stripe.js would collect, posted to the local processor
 * (test mode). The number is sent once, to be checked, and only its brand and last four are kept.
 */
function useSandboxCard() {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<{ number?: string; expiry?: string; cvc?: string }>({});
  const clear = (field: keyof typeof errors) => setErrors((current) => ({ ...current, [field]: undefined }));

  const validate = () => {
    const digits = digitsOf(number);
    const next = {
      number: !digits
        ? 'billing.card-required'
        : digits.length < 12 || !passesLuhn(digits)
          ? 'card.number-invalid'
          : undefined,
      expiry: parseExpiry(expiry) ? undefined : 'billing.invalid-expiry',
      cvc: /^\d{3,4}$/.test(cvc) ? undefined : 'card.cvc-invalid',
    };
    setErrors(next);
    return !next.number && !next.expiry && !next.cvc;
  };

  const confirm = async (intent: SetupIntent, name: string) => {
    const { month, year } = parseExpiry(expiry)!;
    try {
      const confirmed = await api.post<ConfirmedSetupIntent>(
        `/billing/sandbox/setup-intents/${intent.id}/confirm/`,
        {
          client_secret: intent.client_secret,
          card: { number: digitsOf(number), exp_month: month, exp_year: year, cvc },
          billing_details: { name },
        },
      );
      return confirmed.payment_method;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'billing.card-declined')
        throw new CardRefused(error.message);
      throw error;
    }
  };

  const fields = (
    <>
      <TextField
        label={t('card.number')}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        error={errors.number}
        onChange={(event) => {
          setNumber(groupCardNumber(event.target.value));
          clear('number');
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('card.expiry')}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t('card.expiry-placeholder')}
          value={expiry}
          error={errors.expiry}
          onChange={(event) => {
            setExpiry(formatExpiry(event.target.value));
            clear('expiry');
          }}
        />
        <TextField
          label={t('card.cvc')}
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          value={cvc}
          error={errors.cvc}
          onChange={(event) => {
            setCvc(digitsOf(event.target.value));
            clear('cvc');
          }}
        />
      </div>
      <p className="flex items-start gap-2 text-xs text-muted">
        <FlaskConical aria-hidden="true" className="mt-px size-4 shrink-0" />
        {t('card.test-hint')}
      </p>
    </>
  );

  return { fields, validate, confirm };
}
