import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountSection } from '../components/account-section';
import { CloseAccountSection } from '../components/close-account-section';
import { ConnectionsSection } from '../components/connections-section';
import { StudyLanguagesSection } from '../components/study-languages-section';
import { ProfileImageSection } from '../components/profile-image-section';

/**
 * Linking Google ends with a return to this page with ?connected=google or ?error=<code>: say how it
 * went, then take the parameters out of the address so a reload does not say it again.
 */
function useLinkOutcome() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('error');

  useEffect(() => {
    if (!connected && !error) return;
    if (connected) toast.success(t('settings.connections.linked'), { id: 'link-outcome' });
    if (error) {
      const code = i18n.exists(error) ? error : 'profile.google-failed';
      toast.error(t(code), { id: 'link-outcome' });
    }
    setParams({}, { replace: true });
  }, [connected, error, i18n, setParams, t]);
}

/** /settings/profile: image, username, email, password, language, connections, close the account. */
export default function ProfilePage() {
  const { t } = useTranslation();
  useLinkOutcome();
  return (
    <div className="grid gap-5 sm:gap-6">
      <title>{`${t('settings.nav.profile')} · ${t('settings.title')} · Lendo`}</title>
      <ProfileImageSection />
      <AccountSection />
      <StudyLanguagesSection />
      <ConnectionsSection />
      <CloseAccountSection />
    </div>
  );
}
