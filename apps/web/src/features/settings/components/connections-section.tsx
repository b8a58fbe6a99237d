import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { GoogleLogo } from '@/components/google-logo';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { errorCodeOf } from '@/lib/api-client';
import { useAuthProviders } from '@/lib/auth-providers';
import { useConnections } from '../api/get-connections';
import { useLinkGoogle } from '../api/link-google';
import { useUnlinkConnection } from '../api/unlink-connection';
import { SettingsSection } from './settings-section';

/**
 * Sign-in through other platforms: a linked Google account can be removed (unless it is the only
 * way to sign in), and one can be linked when the API has Google sign-in configured. Hidden when
 * there is neither.
 */
export function ConnectionsSection() {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const connections = useConnections();
  const link = useLinkGoogle();
  const unlink = useUnlinkConnection();

  const google = connections.data?.find((connection) => connection.provider === 'google');
  if (connections.isSuccess && providers.isSuccess && !google && !providers.data.google) return null;

  const onError = (error: unknown) => toast.error(t(errorCodeOf(error, 'error.something-went-wrong')));

  let body;
  if (connections.isError || providers.isError) {
    body = (
      <InlineRetry
        message={t('settings.connections.error')}
        onRetry={() => {
          void connections.refetch();
          void providers.refetch();
        }}
      />
    );
  } else if (!connections.isSuccess || !providers.isSuccess) {
    body = <Skeleton className="h-11 w-full rounded-field" />;
  } else {
    body = (
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full border border-line">
          <GoogleLogo className="size-5" />
        </span>
        <div className="min-w-0 flex-1 basis-24">
          <p className="font-semibold">Google</p>
          <p className="text-sm break-all text-muted">
            {google ? google.email : t('settings.connections.not-connected')}
          </p>
        </div>
        {google ? (
          <Button
            variant="secondary"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate('google', {
                onSuccess: () => toast.success(t('settings.connections.unlinked')),
                onError,
              })
            }
          >
            {t('settings.connections.unlink')}
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={link.isPending}
            onClick={() => link.mutate(undefined, { onError })}
          >
            {t('settings.connections.link')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <SettingsSection title={t('settings.connections.section')} description={t('settings.connections.text')}>
      {body}
    </SettingsSection>
  );
}
