import { LEARNING_LANGUAGES, type LearningLanguage } from '@lendo/shared';
import { BookSearch, CircleAlert, RotateCw, SearchX } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { StateMessage } from '@/components/state-message';

/** Before anything is typed. */
export function LookupIdle() {
  const { t } = useTranslation();
  return (
    <StateMessage icon={<BookSearch aria-hidden="true" />} title={t('lookup.idle.title')} headingLevel={3}>
      <p className="text-pretty text-muted">{t('lookup.idle.text')}</p>
      <p className="text-sm text-muted max-desktop:hidden">
        <Trans
          i18nKey="lookup.idle.shortcut"
          components={{
            kbd: (
              <kbd className="rounded-md border border-line-strong bg-surface-muted px-1.5 py-0.5 font-sans text-xs font-semibold text-ink" />
            ),
          }}
        />
      </p>
    </StateMessage>
  );
}

/** Placeholder shapes while the entry loads (the status line announces it). */
export function LookupSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-6">
      <div className="grid gap-2">
        <div className="h-3 w-16 rounded-full bg-surface-muted" />
        <div className="h-9 w-44 rounded-lg bg-surface-muted" />
        <div className="h-4 w-28 rounded-full bg-surface-muted" />
      </div>
      <div className="grid gap-3 rounded-card border border-line p-4">
        <div className="h-5 w-16 rounded-full bg-surface-muted" />
        <div className="h-4 w-full rounded-full bg-surface-muted" />
        <div className="h-4 w-2/3 rounded-full bg-surface-muted" />
        <div className="mt-2 h-5 w-1/3 rounded-full bg-surface-muted" />
        <div className="h-4 w-1/2 rounded-full bg-surface-muted" />
      </div>
      <ExamplesSkeleton />
    </div>
  );
}

export function ExamplesSkeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-3">
      {[0, 1].map((row) => (
        <div key={row} className="grid gap-2 rounded-card bg-surface-muted/70 p-4">
          <div className="h-4 w-11/12 rounded-full bg-line" />
          <div className="h-3.5 w-2/3 rounded-full bg-line" />
        </div>
      ))}
    </div>
  );
}

interface NoEntryProps {
  word: string;
  language: LearningLanguage;
  onSearchIn: (language: LearningLanguage) => void;
}

/** The dictionary knows no such word in this language: suggest a fix and the other languages. */
export function NoEntry({ word, language, onSearchIn }: NoEntryProps) {
  const { t } = useTranslation();
  return (
    <StateMessage
      icon={<SearchX aria-hidden="true" />}
      tone="muted"
      title={t('lookup.empty.title', { word })}
      headingLevel={3}
    >
      <p className="text-pretty text-muted">{t('lookup.empty.text')}</p>
      <p className="mt-2 text-sm font-semibold">{t('lookup.empty.other-languages')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {LEARNING_LANGUAGES.filter((other) => other !== language).map((other) => (
          <Button key={other} variant="secondary" onClick={() => onSearchIn(other)}>
            {t(`language.${other}`)}
          </Button>
        ))}
      </div>
    </StateMessage>
  );
}

/** The lookup failed: say why, offer to try again. */
export function LookupFailed({ code, onRetry }: { code: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StateMessage
      icon={<CircleAlert aria-hidden="true" />}
      tone="danger"
      title={t('lookup.error.title')}
      headingLevel={3}
    >
      <p className="text-pretty text-muted">{t(code)}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {t('common.retry')}
      </Button>
    </StateMessage>
  );
}
