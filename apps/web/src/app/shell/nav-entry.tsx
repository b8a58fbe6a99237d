import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { cx } from '@/lib/cx';
import type { NavItem } from './nav-items';

const LOOKS = {
  header: {
    base: 'inline-flex min-h-11 items-center gap-2 rounded-full px-3.5 text-sm font-semibold transition-colors',
    idle: 'text-muted hover:bg-surface-muted hover:text-ink',
    active: 'bg-brand-soft text-brand-ink',
    emphasis: 'bg-pro-soft text-pro hover:brightness-95',
    icon: 'size-[18px]',
  },
  sheet: {
    base: 'flex min-h-13 w-full items-center gap-3.5 rounded-field px-3.5 text-base font-semibold transition-colors',
    idle: 'text-ink hover:bg-surface-muted',
    active: 'bg-brand-soft text-brand-ink',
    emphasis: 'bg-pro-soft text-pro',
    icon: 'size-5',
  },
  bottom: {
    base: 'flex min-h-14 w-full flex-col items-center justify-start gap-1 rounded-field px-1 pt-1.5 pb-1 text-center text-[11px] leading-tight font-semibold transition-colors',
    idle: 'text-muted hover:text-ink',
    active: 'text-brand-ink',
    emphasis: 'text-pro',
    icon: 'size-6',
  },
} as const;

interface NavEntryProps {
  item: NavItem;
  look: keyof typeof LOOKS;
  /** Runs after the entry is used, e.g. to close the mobile menu. */
  onUsed?: () => void;
}

/** One navigation entry, rendered as a link or, for modal entries, as a button. */
export function NavEntry({ item, look, onUsed }: NavEntryProps) {
  const { t } = useTranslation();
  const styles = LOOKS[look];
  const Icon = item.icon;
  const { pathname } = useLocation();
  // An entry also stands for the pages under it that live at other paths (a deck's cards, a review).
  const within = 'to' in item && (item.within ?? []).some((prefix) => pathname.startsWith(prefix));
  const content = (active: boolean) => (
    <>
      <Icon
        aria-hidden="true"
        className={cx(styles.icon, item.key === 'graded-reader' && !active && 'text-pro')}
        strokeWidth={active && look === 'bottom' ? 2.4 : 2}
      />
      <span>{t(`nav.${item.key}`)}</span>
    </>
  );

  if ('to' in item) {
    return (
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onUsed}
        className={({ isActive }) =>
          cx(styles.base, item.emphasis ? styles.emphasis : isActive || within ? styles.active : styles.idle)
        }
      >
        {({ isActive }) => content(isActive || within)}
      </NavLink>
    );
  }
  return (
    <button
      type="button"
      onClick={() => {
        onUsed?.();
        item.onSelect();
      }}
      className={cx(styles.base, styles.idle)}
    >
      {content(false)}
    </button>
  );
}
