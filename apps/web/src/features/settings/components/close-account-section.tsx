import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { openModal } from '@/lib/modals';
import { useDeactivateAccount } from '../api/deactivate-account';
import { useDeleteAccount } from '../api/delete-account';
import { SettingRow, SettingsSection } from './settings-section';

/** Deactivate (signing in again restores the account) and delete (for good), each confirmed first. */
export function CloseAccountSection() {
  const { t } = useTranslation();
  const deactivate = useDeactivateAccount();
  const remove = useDeleteAccount();

  const confirmDeactivate = () =>
    openModal('confirm-delete', {
      title: t('settings.deactivate.confirm-title'),
      content: t('settings.deactivate.confirm-text'),
      confirmText: t('settings.deactivate.confirm'),
      onConfirm: async () => {
        await deactivate.mutateAsync();
        toast(t('settings.deactivate.done'));
      },
    });

  const confirmDelete = () =>
    openModal('confirm-delete', {
      title: t('settings.delete.confirm-title'),
      content: t('settings.delete.confirm-text'),
      confirmText: t('settings.delete.confirm'),
      danger: true,
      onConfirm: async () => {
        await remove.mutateAsync();
        toast(t('settings.delete.done'));
      },
    });

  return (
    <SettingsSection title={t('settings.close.section')} danger>
      <SettingRow
        label={t('settings.deactivate.label')}
        action={
          <Button variant="secondary" onClick={confirmDeactivate}>
            {t('settings.deactivate.button')}
          </Button>
        }
      >
        <p className="text-sm text-pretty text-muted">{t('settings.deactivate.text')}</p>
      </SettingRow>
      <SettingRow
        label={t('settings.delete.label')}
        action={
          <Button variant="secondary" onClick={confirmDelete}>
            <span className="text-danger">{t('settings.delete.button')}</span>
          </Button>
        }
      >
        <p className="text-sm text-pretty text-muted">{t('settings.delete.text')}</p>
      </SettingRow>
    </SettingsSection>
  );
}
