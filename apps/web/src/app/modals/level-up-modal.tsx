import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { LevelBadge } from '@/components/level-badge';
import { Modal, ModalIcon } from '@/components/modal';
import { currentLocale } from '@/lib/i18n';
import type { ModalPropsByName } from '@/lib/modals';
import { levelLabelKey } from '@/lib/story-labels';

type LevelUpModalProps = ModalPropsByName['level-up'] & { onClose: () => void };

/** All-time points crossed a level's threshold (SPEC §2 level-up modal): the new level, in its colour. */
export function LevelUpModal({ level, points, onClosed, onClose }: LevelUpModalProps) {
  const { t } = useTranslation();
  const close = () => {
    onClose();
    onClosed?.();
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && close()}
      title={t('modal.level-up.title', { level: t(levelLabelKey(level)) })}
      description={t('modal.level-up.text', {
        count: points,
        points: new Intl.NumberFormat(currentLocale()).format(points),
      })}
      art={<ModalIcon icon={Sparkles} tone="bg-pro-soft text-pro" />}
    >
      <div className="mt-5 flex justify-center">
        <LevelBadge level={level} className="px-4 py-2 text-base [&>svg]:h-4 [&>svg]:w-5" />
      </div>
      <div className="mt-6 grid gap-2">
        <Button size="lg" block onClick={close} data-autofocus>
          {t('modal.graded-reader.continue')}
        </Button>
      </div>
    </Modal>
  );
}
