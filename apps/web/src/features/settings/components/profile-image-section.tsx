import { Camera, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { UserAvatar } from '@/components/user-avatar';
import { useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';
import { useClearAvatar } from '../api/clear-avatar';
import { SettingsSection } from './settings-section';

/** The profile image, with the buttons to change it (crop modal) or remove it. */
export function ProfileImageSection() {
  const { t } = useTranslation();
  const me = useMe();
  const clear = useClearAvatar();

  const remove = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success(t('settings.image.removed')),
      onError: () => toast.error(t('error.something-went-wrong')),
    });

  return (
    <SettingsSection title={t('settings.image.section')} description={t('settings.image.section-text')}>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-4">
        <UserAvatar user={me} className="size-20 text-2xl" />
        <div className="flex flex-col items-start gap-2 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" onClick={() => openModal('update-profile-image', {})}>
            <Camera aria-hidden="true" className="size-4" />
            {t('settings.image.change')}
          </Button>
          {me.avatar_url && (
            <Button variant="ghost" loading={clear.isPending} onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" />
              {t('settings.image.remove')}
            </Button>
          )}
        </div>
      </div>
    </SettingsSection>
  );
}
