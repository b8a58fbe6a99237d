import { ChartNoAxesColumn, ListMusic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import type { ComingSoonVariant } from '@/lib/modals';

const ICONS = { 'playlist-coming-soon': ListMusic, 'statistics-coming-soon': ChartNoAxesColumn } as const;

interface ComingSoonModalProps {
  variant: ComingSoonVariant;
  onClose: () => void;
}

/** Playlists and statistics are announced, not built yet (SPEC §2). */
export function ComingSoonModal({ variant, onClose }: ComingSoonModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(`modal.${variant}.title`)}
      description={t(`modal.${variant}.text`)}
      art={<ModalIcon icon={ICONS[variant]} tone="bg-brand-soft text-brand-ink" />}
    >
      <p className="mx-auto mt-4 inline-flex rounded-full bg-surface-muted px-3 py-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {t('modal.coming-soon.badge')}
      </p>
      <Button size="lg" block className="mt-6" onClick={onClose}>
        {t('modal.coming-soon.ok')}
      </Button>
    </Modal>
  );
}
