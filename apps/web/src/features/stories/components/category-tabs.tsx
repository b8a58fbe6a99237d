import { CATEGORIES, type Category } from '@lendo/shared';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { categoryLabelKey } from '@/lib/story-labels';

/** The "all" tab: no category filter. */
export const ALL_CATEGORIES = 'all';

/**
 * The category tabs: all, then the five categories. Arrow keys move between them and Enter or
 * Space chooses one (manual activation: each choice is a navigation).
 */
export function CategoryTabs() {
  const { t } = useTranslation();
  const tabs: { value: Category | typeof ALL_CATEGORIES; label: string }[] = [
    { value: ALL_CATEGORIES, label: t('category.all') },
    ...CATEGORIES.map((category) => ({ value: category, label: t(categoryLabelKey(category)) })),
  ];
  return (
    <Tabs.List
      aria-label={t('home.categories')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {tabs.map((tab) => (
        <Tabs.Trigger
          key={tab.value}
          value={tab.value}
          className="inline-flex min-h-11 shrink-0 items-center rounded-full px-4 text-sm font-semibold whitespace-nowrap text-muted ring-1 ring-line transition-colors ring-inset hover:bg-surface hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-canvas data-[state=active]:ring-ink"
        >
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
