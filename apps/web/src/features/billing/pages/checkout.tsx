import { track } from '@/lib/analytics';
import { billingInfoBody, cpfSchema, needsCpf, type CouponOffer, type PlanOffer } from '@lendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, FlaskConical, Lock, SearchX, Tag, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Button, buttonClasses } from '@/components/button';
import { CardBrandMark, cardLabel } from '@/components/card-brand';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { StateMessage } from '@/components/state-message';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { useUpdateBillingInfo } from '@/lib/billing-info';
import { invalidateAfterSubscriptionChange } from '@/lib/billing-queries';
import { useCountry } from '@/lib/country';
import { formatCpf } from '@/lib/cpf';
import { cx } from '@/lib/cx';
import { formatDay } from '@/lib/dates';
import { useMe } from '@/lib/me';
import { formatMoney } from '@/lib/money';
import { usePaymentMethods } from '@/lib/payment-methods';
import { useSubscriptionQuery } from '@/lib/subscription';
import { useChangePlan } from '../api/change-plan';
import { checkPromotionCode, subscribe, usePlanOffer } from '../api/subscribe';
import { useCardEntry } from '../components/card-entry';
import { CardRefused } from '../components/card-refused';
import { FlowLayout } from '../components/flow-layout';

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_CARD = 'new';

/**
 * /checkout/{planId}?coupon= (SPEC §2): billing details (full name, and the CPF in Brazil), a saved
 * card or a new one, a coupon, and the order: subtotal, discount, total, the trial and the
 * auto-renewal. Paying goes to /?payment=success.
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const country = useCountry();
  const offer = usePlanOffer(id, country);
  const subscription = useSubscriptionQuery();
  useEffect(() => track('checkout_started', { plan: id }), [id]);

  let body;
  if (offer.isError) {
    const missing = offer.error instanceof ApiError && offer.error.status < 500;
    body = missing ? (
      <StateMessage
        icon={<SearchX aria-hidden="true" />}
        tone="muted"
        title={t('checkout.not-found')}
        headingLevel={1}
      >
        <Link to="/plans" className={buttonClasses()}>
          {t('checkout.see-plans')}
        </Link>
      </StateMessage>
    ) : (
      <div className="flex justify-center py-12">
        <InlineRetry message={t('checkout.load-error')} onRetry={() => void offer.refetch()} />
      </div>
    );
  } else if (!offer.data || !subscription.data || country === undefined) {
    body = (
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <Skeleton className="h-[28rem] rounded-card" />
        <Skeleton className="h-72 rounded-card" />
      </div>
    );
  } else if (offer.data.is_current_plan || !offer.data.price_id) {
    body = (
      <StateMessage icon={<Lock aria-hidden="true" />} title={t('checkout.already-yours')} headingLevel={1}>
        <Link to="/settings/subscriptions" className={buttonClasses()}>
          {t('checkout.manage')}
        </Link>
      </StateMessage>
    );
  } else if (subscription.data.has_access && subscription.data.id) {
    body = <ChangePlan offer={offer.data} />;
  } else {
    body = <CheckoutForm offer={offer.data} country={country} />;
  }

  return (
    <FlowLayout back={{ to: '/plans', label: t('checkout.back') }}>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t('checkout.title')}</h1>
      {body}
    </FlowLayout>
  );
}

/** What the first charge will be, after the coupon. */
function totals(offer: PlanOffer, coupon: CouponOffer | null) {
  const discount = coupon && !coupon.is_expired ? Math.round((offer.amount * coupon.percent_off) / 100) : 0;
  return { subtotal: offer.amount, discount, total: offer.amount - discount };
}

function CheckoutForm({ offer, country }: { offer: PlanOffer; country: string | null }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const withCpf = needsCpf(country);
  const cards = usePaymentMethods();
  const [params] = useSearchParams();
  const initialCoupon = params.get('coupon');
  const saveBillingInfo = useUpdateBillingInfo();

  const [fullname, setFullname] = useState(me.billing_fullname ?? '');
  const [cpf, setCpf] = useState(formatCpf(me.cpf ?? ''));
  const [fieldErrors, setFieldErrors] = useState<{ billing_fullname?: string; cpf?: string }>({});
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  // The coupon of the link (?coupon=, from the offer modal) applies until the learner changes it.
  const linked = useQuery({
    queryKey: ['promotion-code', initialCoupon],
    queryFn: () => checkPromotionCode(initialCoupon!),
    enabled: Boolean(initialCoupon),
    retry: false,
  });
  const linkedCoupon = linked.data && !linked.data.is_expired ? linked.data : null;
  const [chosenCoupon, setCoupon] = useState<CouponOffer | null | undefined>(undefined);
  const coupon = chosenCoupon === undefined ? linkedCoupon : chosenCoupon;
  const [openedAt] = useState(Date.now);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  // One key per attempt at paying: a retry of the same attempt is answered, never charged twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const card = useCardEntry(offer.price_id!, me.billing_fullname ?? '');

  const saved = cards.data ?? [];
  const selected = chosenCard ?? saved.find((c) => c.is_default)?.id ?? saved[0]?.id ?? NEW_CARD;
  const useNewCard = selected === NEW_CARD;
  const trialDays = offer.plan.trial_days;
  const { subtotal, discount, total } = totals(offer, coupon);
  const money = (minor: number) => formatMoney(minor, offer.currency, i18n.language);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setError(null);
    const info = (withCpf ? billingInfoBody.extend({ cpf: cpfSchema }) : billingInfoBody).safeParse({
      billing_fullname: fullname,
      ...(withCpf ? { cpf } : {}),
    });
    if (!info.success) {
      const next: typeof fieldErrors = {};
      for (const issue of info.error.issues) next[issue.path[0] as keyof typeof next] ??= issue.message;
      setFieldErrors(next);
      return;
    }
    setPaying(true);
    try {
      if (fullname.trim() !== me.billing_fullname || (withCpf && info.data.cpf !== me.cpf)) {
        await saveBillingInfo.mutateAsync({ billing_fullname: fullname, ...(withCpf ? { cpf } : {}) });
      }
      const paymentMethodId = useNewCard ? await card.confirm() : selected;
      if (!paymentMethodId) return;
      await subscribe(
        {
          price_id: offer.price_id!,
          payment_method_id: paymentMethodId,
          ...(coupon && !coupon.is_expired ? { promotion_code: coupon.code } : {}),
        },
        idempotencyKey.current,
      );
      await invalidateAfterSubscriptionChange(queryClient);
      void navigate('/?payment=success');
    } catch (failure) {
      // A refused or failed attempt is over: the next one is a new payment.
      if (!(failure instanceof TypeError)) idempotencyKey.current = crypto.randomUUID();
      if (
        failure instanceof CardRefused ||
        (failure instanceof ApiError && failure.code === 'billing.card-declined')
      ) {
        setError(failure.message);
      } else if (failure instanceof ApiError && failure.fields) {
        setFieldErrors(failure.fields);
        setError(t(failure.code));
      } else {
        setError(
          t(
            failure instanceof ApiError && failure.code !== 'error.unexpected'
              ? failure.code
              : 'checkout.failed',
          ),
        );
      }
    } finally {
      setPaying(false);
    }
  };

  const trialEnd = new Date(openedAt + trialDays * DAY_MS).toISOString();
  const payLabel =
    trialDays > 0
      ? t('checkout.start-trial', { count: trialDays })
      : t('checkout.pay', { price: money(total) });

  return (
    <form onSubmit={onSubmit} noValidate className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-6 lg:order-1">
        {card.isTestMode && (
          <div
            role="note"
            className="flex gap-3 rounded-card border border-pro/30 bg-pro-soft p-4 text-sm text-pro"
          >
            <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <p className="font-bold">{t('checkout.test-mode')}</p>
              <p className="mt-0.5">{t('checkout.test-mode-text')}</p>
            </div>
          </div>
        )}

        <Section title={t('checkout.details')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('checkout.fullname')}
              name="billing_fullname"
              autoComplete="name"
              value={fullname}
              error={fieldErrors.billing_fullname}
              className={withCpf ? undefined : 'sm:col-span-2'}
              onChange={(e) => {
                setFullname(e.target.value);
                setFieldErrors((f) => ({ ...f, billing_fullname: undefined }));
              }}
            />
            {withCpf && (
              <TextField
                label={t('checkout.cpf')}
                name="cpf"
                inputMode="numeric"
                placeholder="000.000.000-00"
                value={cpf}
                error={fieldErrors.cpf}
                onChange={(e) => {
                  setCpf(formatCpf(e.target.value));
                  setFieldErrors((f) => ({ ...f, cpf: undefined }));
                }}
              />
            )}
          </div>
        </Section>

        <Section title={t('checkout.payment')}>
          {error && (
            <div
              role="alert"
              className="mb-4 flex gap-3 rounded-field bg-danger-soft p-3.5 text-sm text-danger"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p className="font-semibold">{error}</p>
            </div>
          )}
          {cards.isPending ? (
            <Skeleton className="h-12 rounded-field" />
          ) : (
            <div className="grid gap-3">
              {saved.length > 0 && (
                <fieldset className="grid gap-2">
                  <legend className="sr-only">{t('checkout.choose-card')}</legend>
                  {saved.map((c) => (
                    <CardChoice key={c.id} checked={selected === c.id} onChange={() => setChosenCard(c.id)}>
                      <CardBrandMark brand={c.brand} />
                      <span className="font-semibold">{cardLabel(c)}</span>
                      <span className="text-sm text-muted">{c.holder_name}</span>
                      {c.is_default && <Badge className="ml-auto">{t('settings.cards.default')}</Badge>}
                    </CardChoice>
                  ))}
                  <CardChoice checked={useNewCard} onChange={() => setChosenCard(NEW_CARD)}>
                    <span className="font-semibold">{t('checkout.new-card')}</span>
                  </CardChoice>
                </fieldset>
              )}
              {useNewCard && card.element}
            </div>
          )}
        </Section>
      </div>

      <aside className="grid gap-4 lg:sticky lg:top-6 lg:order-2" aria-label={t('checkout.summary')}>
        <div className="rounded-card border border-line bg-surface p-5 shadow-card">
          <h2 className="text-lg font-bold">{t('checkout.summary')}</h2>
          <p className="mt-3 flex items-center justify-between gap-3">
            <span className="font-semibold">{offer.plan.name}</span>
            <Badge tone="brand">{t(`plans.${offer.plan.interval}`)}</Badge>
          </p>
          <CouponEntry
            initialCode={initialCoupon ?? ''}
            initialState={
              linked.isFetching ? 'checking' : linked.isError || linked.data?.is_expired ? 'invalid' : 'ok'
            }
            coupon={coupon}
            onChange={setCoupon}
          />
          <dl className="mt-4 grid gap-2 border-t border-line pt-4 text-sm">
            <Row label={t('checkout.subtotal')} value={money(subtotal)} />
            {discount > 0 && (
              <Row
                label={t('checkout.discount', { percent: coupon!.percent_off })}
                value={`−${money(discount)}`}
                tone="text-success"
              />
            )}
            <Row label={t('checkout.total')} value={money(total)} strong />
            {trialDays > 0 && <Row label={t('checkout.due-today')} value={money(0)} strong />}
          </dl>
          {trialDays > 0 && (
            <p className="mt-4 rounded-field bg-success-soft p-3 text-sm text-success">
              {t('checkout.trial-note', {
                count: trialDays,
                date: formatDay(trialEnd, i18n.language),
                price: money(total),
              })}
            </p>
          )}
          <p className="mt-3 text-xs text-muted">
            {t(`checkout.renewal-note.${offer.plan.interval}`, { price: money(offer.amount) })}
          </p>
          <Button
            type="submit"
            size="lg"
            block
            className="mt-5"
            loading={paying}
            disabled={!card.ready && useNewCard}
          >
            <Lock aria-hidden="true" className="size-4" />
            {payLabel}
          </Button>
        </div>
      </aside>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CardChoice({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cx(
        'flex min-h-12 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-field border px-4 py-2.5 transition-colors',
        checked ? 'border-brand bg-brand-soft/40' : 'border-line-strong hover:bg-surface-muted',
      )}
    >
      <input
        type="radio"
        name="payment-method"
        checked={checked}
        onChange={onChange}
        className="size-4 accent-brand"
      />
      {children}
    </label>
  );
}

function Row({
  label,
  value,
  strong,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: string;
}) {
  return (
    <div className={cx('flex justify-between gap-3', strong && 'text-base font-bold', tone)}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The coupon field: checked with the server, shown as a removable chip once it applies. */
function CouponEntry({
  initialCode,
  initialState,
  coupon,
  onChange,
}: {
  initialCode: string;
  /** How the coupon of the link fared, until the learner types another. */
  initialState: 'checking' | 'invalid' | 'ok';
  coupon: CouponOffer | null;
  onChange: (coupon: CouponOffer | null) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);
  const id = useId();
  const shownError = touched ? error : initialState === 'invalid' ? 'billing.invalid-coupon' : undefined;

  const apply = async (value: string) => {
    setTouched(true);
    if (!value.trim()) return setError('billing.invalid-coupon');
    setChecking(true);
    setError(undefined);
    try {
      const found = await checkPromotionCode(value.trim());
      if (found.is_expired) setError('billing.invalid-coupon');
      else onChange(found);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500
          ? 'billing.invalid-coupon'
          : 'error.something-went-wrong',
      );
    } finally {
      setChecking(false);
    }
  };

  if (coupon) {
    return (
      <p className="mt-4 flex items-center gap-2 rounded-field bg-success-soft px-3 py-2 text-sm text-success">
        <Tag aria-hidden="true" className="size-4" />
        <span className="font-semibold">
          {t('checkout.coupon-applied', { code: coupon.code, percent: coupon.percent_off })}
        </span>
        <button
          type="button"
          aria-label={t('checkout.coupon-remove', { code: coupon.code })}
          onClick={() => {
            onChange(null);
            setTouched(true);
            setCode('');
          }}
          className="ml-auto grid size-8 place-items-center rounded-full hover:bg-surface"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </p>
    );
  }
  return (
    <div className="mt-4">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {t('checkout.coupon')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          autoCapitalize="characters"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setTouched(true);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply(code);
            }
          }}
          className="block min-h-11 w-full min-w-0 rounded-field border border-line-strong bg-surface px-3 text-base uppercase aria-[invalid=true]:border-danger"
        />
        <Button
          variant="secondary"
          loading={checking || (!touched && initialState === 'checking')}
          onClick={() => void apply(code)}
        >
          {t('checkout.coupon-apply')}
        </Button>
      </div>
      {shownError && (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-danger"
        >
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t(shownError)}
        </p>
      )}
    </div>
  );
}

/** A learner who pays for another plan already: the change is confirmed here, on the card they pay with. */
function ChangePlan({ offer }: { offer: PlanOffer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePlan();
  const money = (minor: number) => formatMoney(minor, offer.currency, i18n.language);
  return (
    <div className="max-w-xl rounded-card border border-line bg-surface p-6 shadow-card">
      <h2 className="text-lg font-bold">{t('checkout.change-title', { plan: offer.plan.name })}</h2>
      <p className="mt-2 text-muted">
        {t(`checkout.change-text.${offer.plan.interval}`, { price: money(offer.amount) })}
      </p>
      {change.isError && (
        <p role="alert" className="mt-4 text-sm font-semibold text-danger">
          {change.error instanceof ApiError && change.error.code === 'billing.card-declined'
            ? change.error.message
            : t(
                change.error instanceof ApiError && change.error.code !== 'error.unexpected'
                  ? change.error.code
                  : 'checkout.failed',
              )}
        </p>
      )}
      <Button
        size="lg"
        className="mt-6"
        loading={change.isPending}
        onClick={() =>
          change.mutate(offer.price_id!, { onSuccess: () => void navigate('/?payment=success') })
        }
      >
        {t('checkout.change-confirm')}
      </Button>
    </div>
  );
}
