import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { errorCodeOf } from '@/lib/api-client';
import type { ConfirmDeleteProps } from '@/lib/modals';

/** Asks before something is deleted, and runs the deletion while it shows a spinner. */
export function ConfirmDeleteModal({
  title,
  content,
  confirmText,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDeleteProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const confirm = async () => {
    setRunning(true);
    setErrorCode(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setErrorCode(errorCodeOf(error));
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      // Closing while the deletion runs would hide its outcome.
      onOpenChange={(next) => !next && !running && onClose()}
      title={title}
      description={content}
      danger={danger}
    >
      {errorCode && (
        <div className="mt-5 text-left">
          <FormAlert code={errorCode} />
        </div>
      )}
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Button variant="danger" size="lg" block loading={running} onClick={confirm} className="sm:order-2">
          {confirmText ?? t('modal.confirm-delete.confirm')}
        </Button>
        <Button variant="secondary" size="lg" block disabled={running} onClick={onClose}>
          {t('modal.confirm-delete.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
