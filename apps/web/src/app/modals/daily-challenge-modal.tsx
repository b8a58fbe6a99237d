import { Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { Modal, ModalIcon } from '@/components/modal';
import { useDashboard } from '@/features/graded-reader/api/get-dashboard';
import { challengeLabelKey } from '@/features/graded-reader/challenge-types';
import { ChallengeRow } from '@/features/graded-reader/components/challenge-row';
import type { ModalPropsByName } from '@/lib/modals';

type DailyChallengeModalProps = ModalPropsByName['daily-challenge'] & { onClose: () => void };

/** A daily challenge is done (SPEC §2 daily-challenge modal): which one, and how the others stand. */
export function DailyChallengeModal({ challenge, onClosed, onClose }: DailyChallengeModalProps) {
  const { t } = useTranslation();
  const today = useDashboard().data?.challenges;
  const close = () => {
    onClose();
    onClosed?.();
  };
  const others = today?.challenges.filter((other) => other.slot !== challenge.slot) ?? [];
  const allDone = today
    ? today.challenges.every((each) => each.completed || each.slot === challenge.slot)
    : false;

  return (
    <Modal
      open
      onOpenChange={(next) => !next && close()}
      title={t('modal.daily-challenge.title')}
      description={t('modal.daily-challenge.text', {
        challenge: t(challengeLabelKey(challenge.type), { count: challenge.target }),
      })}
      art={<ModalIcon icon={Target} tone="bg-success-soft text-success" />}
    >
      <div className="mt-6 grid gap-2">
        <ChallengeRow challenge={{ ...challenge, completed: true }} highlight />
        {others.length > 0 && (
          <>
            <p className="mt-2 text-left text-sm font-semibold">
              {allDone ? t('modal.daily-challenge.all-done') : t('modal.daily-challenge.others')}
            </p>
            <ul className="grid gap-2">
              {others.map((other) => (
                <li key={other.slot}>
                  <ChallengeRow challenge={other} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="mt-6 grid gap-2">
        <Button size="lg" block onClick={close} data-autofocus>
          {t('modal.graded-reader.continue')}
        </Button>
        <Link
          to="/graded-reader"
          onClick={close}
          className={buttonClasses({ size: 'lg', variant: 'ghost', block: true })}
        >
          {t('modal.daily-challenge.see-all')}
        </Link>
      </div>
    </Modal>
  );
}
