import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';

interface ModalActionsProps {
  submitLabel: string;
  onCancel: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** Cancel and the submit button of a settings modal's form; side by side from 640 px. */
export function ModalActions({ submitLabel, onCancel, loading, disabled }: ModalActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 grid gap-2 sm:grid-cols-2 sm:gap-3">
      <Button type="submit" size="lg" loading={loading} disabled={disabled} className="sm:order-2">
        {submitLabel}
      </Button>
      <Button variant="secondary" size="lg" onClick={onCancel}>
        {t('settings.cancel')}
      </Button>
    </div>
  );
}
