import { PRO_SUCCESS_REFETCH_MS } from '@lendo/shared';
import { useQuery } from '@tanstack/react-query';
import { Check, PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { subscriptionQueryOptions } from '@/lib/subscription';

/**
 * The pro success modal (SPEC §4), on a return from payment (?payment=success). While the
 * subscription is not there yet it shows a spinner and asks again every 500 ms; with none at all
 * it sends to /processing-payment. Closing it drops the parameter.
 */
export function ProSuccess() {
  const [params, setParams] = useSearchParams();
  if (params.get('payment') !== 'success') return null;
  const close = () =>
    setParams(
      (current) => {
        current.delete('payment');
        return current;
      },
      { replace: true },
    );
  return <ProSuccessModal onClose={close} />;
}

function ProSuccessModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    refetchInterval: (query) => (query.state.data?.has_access ? false : PRO_SUCCESS_REFETCH_MS),
    retry: true,
    retryDelay: PRO_SUCCESS_REFETCH_MS,
  });
  const data = subscription.data;
  const isPro = Boolean(data?.has_access && data.plan.is_pro);

  // A paid return on a plan that is not pro has nothing to celebrate here.
  useEffect(() => {
    if (data?.has_access && !data.plan.is_pro) onClose();
  }, [data, onClose]);

  if (data && !data.id) return <Navigate to="/processing-payment" replace />;

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={isPro ? t('pro-success.title', { plan: data!.plan.name }) : t('pro-success.loading')}
      description={isPro ? t('pro-success.text') : undefined}
      art={
        <ModalIcon
          icon={PartyPopper}
          tone="bg-linear-to-br from-amber-300 to-amber-500 text-amber-950 shadow-card"
        />
      }
    >
      {!isPro ? (
        <div className="grid justify-items-center py-6">
          <Spinner className="size-8 text-brand" label={t('common.loading')} />
        </div>
      ) : (
        <>
          <ul className="mt-6 grid gap-2.5 rounded-card bg-surface-muted p-4 text-left">
            {data!.plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2.5 text-sm">
                <span className="mt-px grid size-5 shrink-0 place-items-center rounded-full bg-success text-surface">
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </span>
                {t(`plans.feature.${feature}`)}
              </li>
            ))}
          </ul>
          <Button size="lg" block className="mt-6" onClick={onClose}>
            {t('pro-success.start')}
          </Button>
        </>
      )}
    </Modal>
  );
}
