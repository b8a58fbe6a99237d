import { BookSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { openModal } from '@/lib/modals';
import { LOOKUP_SHORTCUT } from './use-lookup-shortcut';

const LOOKS = {
  /** In the header from 901 px: an icon, with its label and shortcut from 1280 px. */
  header:
    'min-h-11 gap-2 rounded-full border border-line bg-surface-muted/60 px-3 text-sm text-muted hover:border-line-strong hover:text-ink max-desktop:hidden max-xl:size-11 max-xl:justify-center max-xl:border-transparent max-xl:bg-transparent max-xl:px-0',
  /** At the top of the mobile menu: looks like the search field it opens. */
  sheet:
    'min-h-13 w-full gap-3.5 rounded-field border border-line-strong bg-surface px-3.5 text-base text-muted hover:text-ink',
} as const;

interface LookupButtonProps {
  look: keyof typeof LOOKS;
  /** Runs before the modal opens, e.g. to close the mobile menu. */
  onUsed?: () => void;
}

/** Opens the word lookup modal ("/" does too, see useLookupShortcut). */
export function LookupButton({ look, onUsed }: LookupButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-keyshortcuts={LOOKUP_SHORTCUT}
      title={look === 'header' ? t('lookup.open-hint', { key: LOOKUP_SHORTCUT }) : undefined}
      onClick={() => {
        onUsed?.();
        openModal('word-lookup', {});
      }}
      className={cx('inline-flex shrink-0 items-center font-semibold transition-colors', LOOKS[look])}
    >
      <BookSearch aria-hidden="true" className={look === 'header' ? 'size-5' : 'size-5 text-brand-ink'} />
      <span className={cx(look === 'header' && 'max-xl:sr-only')}>{t('lookup.open')}</span>
      {look === 'header' && (
        <kbd
          aria-hidden="true"
          className="ml-3 rounded-md border border-line-strong bg-surface px-1.5 font-sans text-xs leading-5 text-muted max-xl:hidden"
        >
          {LOOKUP_SHORTCUT}
        </kbd>
      )}
    </button>
  );
}
