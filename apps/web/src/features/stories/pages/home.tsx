import { CATEGORIES, GENRES, LEVELS, type LearningLanguage } from '@lendo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { LevelMark } from '@/components/level-badge';
import { SearchField } from '@/components/search-field';
import { SegmentedControl } from '@/components/segmented-control';
import { meQueryOptions, useMe } from '@/lib/me';
import { genreLabelKey, levelLabelKey } from '@/lib/story-labels';
import { useSetStudyLanguages } from '@/lib/study-languages';
import { storiesQueryOptions, type StorySearch } from '../api/get-stories';
import { storyHomeQueryOptions } from '../api/get-story-home';
import { ALL_CATEGORIES, CategoryTabs } from '../components/category-tabs';
import { FilterSelect } from '../components/filter-select';
import { HomeSections } from '../components/home-sections';
import { KnownWords } from '../components/known-words';
import { SearchResults } from '../components/search-results';
import {
  isFiltering,
  NO_FILTERS,
  parseFilters,
  SEARCH_MAX_LENGTH,
  withFilters,
  type LibraryFilters,
} from '../library-filters';

/** Premium learners study several languages: the library shows the first one, chosen here. */
function StudiedLanguageSwitch() {
  const { t } = useTranslation();
  const me = useMe();
  const save = useSetStudyLanguages();
  const shown = me.study_languages[0]!;
  return (
    <SegmentedControl
      legend={t('home.language-shown')}
      value={shown}
      disabled={save.isPending}
      className="sm:max-w-md"
      options={me.study_languages.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(language) =>
        save.mutate([language, ...me.study_languages.filter((l) => l !== language)], {
          onError: () => toast.error(t('error.something-went-wrong')),
        })
      }
    />
  );
}

/** The API query for the filters: the library of the language the learner studies. */
function toSearch(filters: LibraryFilters, language: LearningLanguage | null): StorySearch {
  return {
    search: filters.search || undefined,
    genre: filters.genre,
    difficulty: filters.difficulty,
    category: filters.category,
    language: language ?? undefined,
  };
}

/**
 * Starts loading what the page will show while its code loads. It does not wait: the page has its
 * own loading skeletons, and filter changes keep the previous results on screen until new ones come.
 */
export function loader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const filters = parseFilters(new URL(request.url).searchParams);
    if (isFiltering(filters)) {
      const me = await queryClient.ensureQueryData(meQueryOptions());
      void queryClient.prefetchInfiniteQuery(storiesQueryOptions(toSearch(filters, me.learning_language)));
    } else {
      void queryClient.prefetchQuery(storyHomeQueryOptions());
    }
    return null;
  };
}

/**
 * Home (SPEC §2): search, genre and difficulty filters and category tabs, all kept in the query
 * string; without any, the four sections of the library.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const filters = parseFilters(params);
  const filtering = isFiltering(filters);

  /** A refined search replaces the history entry; a new search or filter adds one. */
  const update = (changes: Partial<LibraryFilters>) => {
    const replace = 'search' in changes && Boolean(filters.search) && Boolean(changes.search);
    setParams(withFilters(params, changes), { replace, preventScrollReset: true });
  };
  const clear = () => setParams(withFilters(params, NO_FILTERS), { preventScrollReset: true });

  return (
    <div className="grid gap-6 sm:gap-8">
      <title>{`${t('nav.home')} · Lendo`}</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <h1 className="text-3xl font-bold tracking-tight wrap-anywhere text-balance sm:text-4xl">
            {t('home.greeting', { name: me.name || me.username })}
          </h1>
          <p className="mt-2 max-w-prose text-pretty text-muted">{t('home.subtitle')}</p>
        </div>
        <KnownWords languages={me.study_languages} />
      </header>

      {me.study_languages.length > 1 && <StudiedLanguageSwitch />}

      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-center">
        <SearchField
          value={filters.search}
          onSearch={(search) => update({ search })}
          label={t('home.search-label')}
          placeholder={t('home.search-placeholder')}
          maxLength={SEARCH_MAX_LENGTH}
        />
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <FilterSelect
            label={t('home.filter.genre')}
            anyLabel={t('home.filter.all-genres')}
            value={filters.genre}
            options={GENRES.map((genre) => ({ value: genre, label: t(genreLabelKey(genre)) }))}
            onChange={(genre) => update({ genre })}
          />
          <FilterSelect
            label={t('home.filter.difficulty')}
            anyLabel={t('home.filter.all-levels')}
            value={filters.difficulty}
            options={LEVELS.map((level) => ({
              value: level,
              label: t(levelLabelKey(level)),
              mark: <LevelMark level={level} />,
            }))}
            onChange={(difficulty) => update({ difficulty })}
          />
        </div>
      </div>

      <Tabs.Root
        value={filters.category ?? ALL_CATEGORIES}
        onValueChange={(value) => update({ category: CATEGORIES.find((category) => category === value) })}
        activationMode="manual"
        className="grid gap-6"
      >
        <CategoryTabs />
        <Tabs.Content value={filters.category ?? ALL_CATEGORIES} className="outline-none">
          {filtering ? (
            <SearchResults search={toSearch(filters, me.learning_language)} onClear={clear} />
          ) : (
            <HomeSections />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
