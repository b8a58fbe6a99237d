import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/button';

const PRO_BENEFITS = ['library', 'graded-reader', 'flashcards', 'translations', 'statistics'] as const;

/** What Pro adds, and the way to the plans: the body of every upgrade modal (offer, limit reached). */
export function UpgradePrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="mt-6 rounded-card bg-surface-muted p-4 text-left">
        <p className="text-sm font-semibold">{t('modal.offer.benefits-title')}</p>
        <ul className="mt-3 grid gap-2.5">
          {PRO_BENEFITS.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2.5 text-sm">
              <span className="mt-px grid size-5 shrink-0 place-items-center rounded-full bg-success text-surface">
                <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
              </span>
              {t(`modal.offer.benefit.${benefit}`)}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 grid gap-2">
        <Link to="/plans" onClick={onClose} className={buttonClasses({ size: 'lg', block: true })}>
          {t('modal.offer.see-plans')}
        </Link>
        <Button variant="ghost" size="lg" block onClick={onClose}>
          {t('modal.offer.not-now')}
        </Button>
      </div>
    </>
  );
}
