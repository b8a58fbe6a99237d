import { BookOpenText, Languages, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const UPCOMING = [
  { key: 'stories', icon: BookOpenText },
  { key: 'translate', icon: Languages },
  { key: 'flashcards', icon: Layers },
] as const;

/** The honest empty state: the story library is still being built. */
export function LibraryComing() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="library-coming-title"
      className="overflow-hidden rounded-sheet border border-line bg-surface shadow-card"
    >
      <div className="grid gap-8 p-6 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <p className="inline-flex rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wide text-brand-ink uppercase">
            {t('home.library.badge')}
          </p>
          <h2
            id="library-coming-title"
            className="mt-4 text-2xl font-bold tracking-tight text-balance sm:text-3xl"
          >
            {t('home.library.title')}
          </h2>
          <p className="mt-3 max-w-prose text-pretty text-muted">{t('home.library.text')}</p>
        </div>
        <BookStack />
      </div>
      <ul className="grid border-t border-line bg-surface-muted/60 sm:grid-cols-3">
        {UPCOMING.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3 border-line p-5 max-sm:not-last:border-b sm:not-last:border-r">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface text-brand-ink shadow-sm">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold">{t(`home.upcoming.${key}.title`)}</h3>
              <p className="mt-0.5 text-sm text-pretty text-muted">{t(`home.upcoming.${key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SPINES = [
  'h-28 w-9 bg-brand text-on-brand/60',
  'h-36 w-11 bg-pro-soft text-pro/50 ring-1 ring-line',
  'h-32 w-8 bg-success-soft text-success/50 ring-1 ring-line',
  'h-24 w-10 origin-bottom-left rotate-[10deg] bg-brand-soft text-brand-ink/40 ring-1 ring-line',
];

/** A shelf of book spines, drawn rather than pictured so it follows the theme. */
function BookStack() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto flex items-end gap-1.5 border-b-4 border-line-strong px-3 max-md:hidden"
    >
      {SPINES.map((spine) => (
        <span key={spine} className={`flex flex-col justify-between rounded-t-md py-3 shadow-card ${spine}`}>
          <span className="mx-1.5 h-0.5 rounded-full bg-current" />
          <span className="mx-1.5 h-0.5 rounded-full bg-current" />
        </span>
      ))}
    </div>
  );
}
