import { Settings2, X } from 'lucide-react';
import { Dialog, Popover, Switch } from 'radix-ui';
import { useId, type ElementType } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '@/components/segmented-control';
import { cx } from '@/lib/cx';
import { useMediaQuery } from '@/lib/use-media-query';
import { setShowWordStatus, useShowWordStatus } from '@/lib/word-status';
import { FONT_SIZES, READER_THEMES, setReaderSetting, useReaderSettings } from '../reader-settings';
import { SHEET_QUERY } from './word-popup';

/** The "A" of each font size, drawn at a size that shows the step. */
const FONT_SIZE_GLYPHS = { small: 'text-sm', medium: 'text-lg', large: 'text-2xl' } as const;

/** A swatch of each theme's paper and ink; `system` shows half light, half dark. */
const THEME_SWATCHES = {
  system: 'bg-[linear-gradient(135deg,#f7f6f2_50%,#101116_50%)]',
  light: 'bg-[#f7f6f2]',
  dark: 'bg-[#101116]',
  sepia: 'bg-[#f4ecd8]',
} as const;

/** The colours of the statuses the reader marks, as dots for the legend. */
const STATUS_DOTS = {
  new: 'bg-word-new ring-1 ring-line-strong',
  learning: 'bg-word-learning ring-1 ring-word-learning-line',
} as const;

/** Whether words are coloured by status, and what the colours mean. */
function WordStatusSetting() {
  const { t } = useTranslation();
  const show = useShowWordStatus();
  const switchId = useId();
  const hintId = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex min-h-11 items-center justify-between gap-3">
        <label htmlFor={switchId} className="text-sm font-semibold">
          {t('reader.status.toggle')}
        </label>
        <Switch.Root
          id={switchId}
          checked={show}
          onCheckedChange={setShowWordStatus}
          aria-describedby={hintId}
          className="relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-line-strong transition-colors data-[state=checked]:bg-brand"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-surface shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
        </Switch.Root>
      </div>
      {show && (
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          {(['new', 'learning'] as const).map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cx('size-2.5 shrink-0 rounded-full', STATUS_DOTS[status])}
              />
              {t(`reader.status.${status}`)}
            </li>
          ))}
        </ul>
      )}
      <p id={hintId} className="text-xs text-pretty text-muted">
        {t('reader.status.hint')} <span className="max-desktop:hidden">{t('reader.status.keys')}</span>
      </p>
    </div>
  );
}

/** The settings themselves: font size, theme and word colours, each applied and remembered at once. */
function SettingsBody({ titleAs: Title, titleId }: { titleAs: ElementType; titleId: string }) {
  const { t } = useTranslation();
  const { fontSize, theme } = useReaderSettings();
  return (
    <div className="grid gap-5 p-5">
      <Title id={titleId} className="text-base font-bold">
        {t('reader.settings.title')}
      </Title>
      <div className="grid gap-2">
        <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('reader.settings.font-size')}
        </p>
        <SegmentedControl
          legend={t('reader.settings.font-size')}
          value={fontSize}
          onChange={(value) => setReaderSetting('fontSize', value)}
          options={FONT_SIZES.map((size) => ({
            value: size,
            label: (
              <>
                <span aria-hidden="true" className={cx('font-reading leading-none', FONT_SIZE_GLYPHS[size])}>
                  A
                </span>
                <span className="sr-only">{t(`reader.settings.size.${size}`)}</span>
              </>
            ),
          }))}
        />
      </div>
      <div className="grid gap-2">
        <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-muted uppercase">
          {t('reader.settings.theme')}
        </p>
        <SegmentedControl
          legend={t('reader.settings.theme')}
          value={theme}
          onChange={(value) => setReaderSetting('theme', value)}
          className="rounded-field"
          options={READER_THEMES.map((value) => ({
            value,
            label: (
              <span className="flex flex-col items-center gap-1 py-1.5 text-xs">
                <span
                  aria-hidden="true"
                  className={cx('size-5 rounded-full ring-1 ring-line-strong', THEME_SWATCHES[value])}
                />
                {t(`reader.settings.themes.${value}`)}
              </span>
            ),
          }))}
        />
      </div>
      <WordStatusSetting />
    </div>
  );
}

/**
 * The reader's settings button: a popover beside it on larger screens, a bottom sheet on phones.
 * Every choice applies at once and is remembered on this device.
 */
export function ReaderSettingsButton() {
  const { t } = useTranslation();
  const asSheet = useMediaQuery(SHEET_QUERY);
  const titleId = useId();
  const trigger = (
    <button
      type="button"
      aria-label={t('reader.settings.open')}
      title={t('reader.settings.open')}
      className="grid size-11 shrink-0 place-items-center rounded-full text-muted transition-colors hover:bg-surface-muted hover:text-ink data-[state=open]:bg-brand-soft data-[state=open]:text-brand-ink"
    >
      <Settings2 aria-hidden="true" className="size-5" />
    </button>
  );

  if (asSheet) {
    return (
      <Dialog.Root>
        <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-overlay" />
          <Dialog.Content
            aria-labelledby={titleId}
            aria-describedby={undefined}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] animate-sheet-up overflow-y-auto overscroll-contain rounded-t-sheet bg-surface pb-[env(safe-area-inset-bottom)] shadow-pop outline-none"
          >
            <div aria-hidden="true" className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-line-strong" />
            <Dialog.Close
              aria-label={t('common.close')}
              className="absolute top-3 right-3 grid size-11 place-items-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
            <SettingsBody titleAs={Dialog.Title} titleId={titleId} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    );
  }

  return (
    <Popover.Root>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={titleId}
          side="bottom"
          align="end"
          sideOffset={8}
          collisionPadding={16}
          className="z-50 max-h-(--radix-popover-content-available-height) w-80 animate-pop-in overflow-y-auto overscroll-contain rounded-card border border-line bg-surface shadow-pop outline-none"
        >
          <SettingsBody titleAs="h2" titleId={titleId} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
