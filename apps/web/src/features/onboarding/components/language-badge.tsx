import type { LearningLanguage } from '@lendo/shared';
import { cx } from '@/lib/cx';

/** Colours that recall each language's best-known flags, without picking one country's flag. */
const BADGE_STYLES: Record<LearningLanguage, string> = {
  en: 'bg-[linear-gradient(135deg,#1e3a8a_0%,#1e3a8a_55%,#b91c1c_55%)]',
  es: 'bg-[linear-gradient(180deg,#b91c1c_0%,#b91c1c_30%,#d97706_30%,#d97706_70%,#b91c1c_70%)]',
  pt: 'bg-[linear-gradient(135deg,#15803d_0%,#15803d_55%,#ca8a04_55%)]',
};

/** A flag-like badge with the language code. */
export function LanguageBadge({ language, className }: { language: LearningLanguage; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid size-12 shrink-0 place-items-center rounded-xl text-sm font-extrabold tracking-wide text-white uppercase shadow-sm ring-1 ring-black/10 [text-shadow:0_1px_2px_rgb(0_0_0/0.45)]',
        BADGE_STYLES[language],
        className,
      )}
    >
      {language}
    </span>
  );
}
