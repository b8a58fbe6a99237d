import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';

/** "Step 2 of 3" with a segmented bar. */
export function StepProgress({ step, total }: { step: number; total: number }) {
  const { t } = useTranslation();
  const label = t('onboarding.progress', { step, total });
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold text-muted">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        className="flex gap-1.5"
      >
        {Array.from({ length: total }, (_, index) => (
          <span
            key={index}
            className={cx(
              'h-1.5 flex-1 rounded-full transition-colors duration-300',
              index < step ? 'bg-brand' : 'bg-line',
            )}
          />
        ))}
      </div>
    </div>
  );
}
