import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { StateMessage } from '@/components/state-message';
import { getAccessToken } from '@/lib/auth-storage';
import { invalidateAfterSubscriptionChange } from '@/lib/billing-queries';
import { getSubscription } from '@/lib/subscription';
import { FlowLayout } from '../components/flow-layout';

/** How often the subscription is asked for, and for how long before saying it takes longer. */
const POLL_MS = 2000;
const PATIENCE_MS = 60_000;

/**
 * /processing-payment (SPEC §2): shown while a payment's result is awaited. It asks for the
 * subscription until it grants access, then goes home with payment=success; after a minute it says
 * the confirmation will come by mail. Public: without a session it asks to sign in.
 */
export default function ProcessingPaymentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = Boolean(getAccessToken());
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const subscription = useQuery({
    queryKey: ['processing-payment'],
    queryFn: () => getSubscription(),
    enabled: signedIn,
    refetchInterval: (query) => (query.state.data?.has_access ? false : POLL_MS),
    gcTime: 0,
  });

  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!subscription.data?.has_access) return;
    void invalidateAfterSubscriptionChange(queryClient).then(() =>
      navigate('/?payment=success', { replace: true }),
    );
  }, [subscription.data?.has_access, navigate, queryClient]);

  return (
    <FlowLayout>
      {!signedIn ? (
        <StateMessage icon={<Clock aria-hidden="true" />} title={t('processing.title')} headingLevel={1}>
          <p className="text-muted">{t('processing.sign-in')}</p>
          <Link to="/login" className={buttonClasses()}>
            {t('not-found.login')}
          </Link>
        </StateMessage>
      ) : waitedTooLong ? (
        <StateMessage icon={<Clock aria-hidden="true" />} title={t('processing.slow-title')} headingLevel={1}>
          <p className="text-muted">{t('processing.slow-text')}</p>
          <Link to="/" className={buttonClasses()}>
            {t('not-found.home')}
          </Link>
        </StateMessage>
      ) : (
        <div role="status" className="mx-auto grid max-w-md justify-items-center gap-4 py-16 text-center">
          <Spinner className="size-10 text-brand" />
          <h1 className="text-xl font-bold tracking-tight">{t('processing.title')}</h1>
          <p className="text-muted">{t('processing.text')}</p>
        </div>
      )}
    </FlowLayout>
  );
}
