import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { setShowWordStatus, useShowWordStatus } from '@/lib/word-status';

/** The colours of the statuses the reader marks, as dots for the legend. */
const STATUS_DOTS = {
  new: 'bg-word-new ring-1 ring-line-strong',
  learning: 'bg-word-learning ring-1 ring-word-learning-line',
} as const;

/** Above the text: whether words are coloured by status (remembered on this device), and what the colours mean. */
export function WordStatusBar() {
  const { t } = useTranslation();
  const show = useShowWordStatus();
  const switchId = useId();
  const hintId = useId();
  return (
    <div className="mb-6 grid gap-1 border-b border-line pb-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
        <div className="flex min-h-11 items-center gap-2.5">
          <Switch.Root
            id={switchId}
            checked={show}
            onCheckedChange={setShowWordStatus}
            aria-describedby={hintId}
            className="relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-line-strong transition-colors data-[state=checked]:bg-brand"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-surface shadow transition-transform data-[state=checked]:translate-x-[1.125rem]" />
          </Switch.Root>
          <label htmlFor={switchId} className="font-semibold">
            {t('reader.status.toggle')}
          </label>
        </div>
        {show && (
          <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted">
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
      </div>
      <p id={hintId} className="text-xs text-pretty text-muted">
        {t('reader.status.hint')} <span className="max-desktop:hidden">{t('reader.status.keys')}</span>
      </p>
    </div>
  );
}
