import { Flame, HeartCrack } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import { useDashboard } from '@/features/graded-reader/api/get-dashboard';
import { WeekDots } from '@/features/graded-reader/components/week-dots';
import type { ModalPropsByName } from '@/lib/modals';

type StreakModalProps = ModalPropsByName['streak'] & { onClose: () => void };

/**
 * The day's first challenge (SPEC §2 streak modal): the streak went on to `days`, shown with the
 * week as dots, or it had ended at `previous` and starts again today.
 */
export function StreakModal({ outcome, days, previous, onClosed, onClose }: StreakModalProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard().data;
  const close = () => {
    onClose();
    onClosed?.();
  };
  const continued = outcome === 'continued';

  return (
    <Modal
      open
      onOpenChange={(next) => !next && close()}
      title={continued ? t('modal.streak.continued.title', { count: days }) : t('modal.streak.broken.title')}
      description={
        continued ? t('modal.streak.continued.text') : t('modal.streak.broken.text', { count: previous })
      }
      art={
        <ModalIcon
          icon={continued ? Flame : HeartCrack}
          tone={continued ? 'bg-pro-soft text-pro' : 'bg-surface-muted text-muted'}
        />
      }
    >
      {continued && (
        <p className="mt-5 text-5xl font-bold tracking-tight text-pro tabular-nums" aria-hidden="true">
          {days}
        </p>
      )}
      {dashboard && (
        <div className="mt-5">
          <WeekDots week={dashboard.streak.week} today={dashboard.challenges.day} />
        </div>
      )}
      <div className="mt-6 grid gap-2">
        <Button size="lg" block onClick={close} data-autofocus>
          {continued ? t('modal.graded-reader.continue') : t('modal.streak.broken.again')}
        </Button>
      </div>
    </Modal>
  );
}
