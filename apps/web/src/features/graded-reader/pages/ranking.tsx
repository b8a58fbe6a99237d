import { LEVELS, RANKING_BOARDS, RANKING_PERIODS, RANKING_SCOPES, type Level } from '@lendo/shared';
import { Brain, CloudOff, Trophy } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SegmentedControl } from '@/components/segmented-control';
import { SelectField } from '@/components/select-field';
import { Skeleton } from '@/components/skeleton';
import { StateMessage } from '@/components/state-message';
import { RetryButton } from '@/components/retry-button';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { currentLocale } from '@/lib/i18n';
import { hasProAccess, useMe } from '@/lib/me';
import { levelLabelKey } from '@/lib/story-labels';
import { useRanking, type RankingFilter } from '../api/get-ranking';
import { RankingRow } from '../components/ranking-row';
import { isGradedReaderLocked, UpgradeState } from '../components/upgrade-state';

/** One of `values`, or the first when `raw` is none of them. */
function oneOf<T extends string>(values: readonly T[], raw: string | null): T {
  return values.find((value) => value === raw) ?? values[0]!;
}

/** The board shown, kept in the address (?period=&board=&scope=&level=) so that back and reload keep it. */
function useRankingFilter(): [RankingFilter, (change: Partial<RankingFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: RankingFilter = {
    period: oneOf(RANKING_PERIODS, params.get('period')),
    board: oneOf(RANKING_BOARDS, params.get('board')),
    scope: oneOf(RANKING_SCOPES, params.get('scope')),
  };
  const level = LEVELS.find((value) => value === params.get('level'));
  if (filter.scope === 'level' && level) filter.level = level;
  const change = (next: Partial<RankingFilter>) => {
    const merged = { ...filter, ...next };
    const query: Record<string, string> = { period: merged.period, board: merged.board, scope: merged.scope };
    if (merged.scope === 'level' && merged.level) query.level = merged.level;
    setParams(query, { replace: true });
  };
  return [filter, change];
}

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function BoardSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-14 rounded-field" />
      ))}
    </div>
  );
}

/**
 * /ranking: this week or all time; the points board or the "remembered" one; world, the learner's
 * country or a level. The top, the learner's own row highlighted, and their neighbours when below the top.
 */
export default function RankingPage() {
  const { t } = useTranslation();
  const pro = hasProAccess(useMe());
  const [filter, change] = useRankingFilter();
  const query = useRanking(filter, pro);
  const boardHeading = useId();
  const aroundHeading = useId();

  if (!pro || isGradedReaderLocked(query.error)) return <UpgradeState />;

  const ranking = query.data;
  const scopeLabel = (scope: (typeof RANKING_SCOPES)[number]) => {
    if (scope === 'country' && ranking?.scope === 'country' && ranking.country)
      return countryName(ranking.country);
    return t(`ranking.scope.${scope}`);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <title>{`${t('ranking.title')} · Lendo`}</title>
      <header className="grid gap-1">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
          <Trophy aria-hidden="true" className="size-8 text-pro" />
          {t('ranking.title')}
        </h1>
        <p className="text-pretty text-muted">{t('ranking.subtitle')}</p>
      </header>

      <div className="grid gap-3">
        <SegmentedControl
          legend={t('ranking.period.legend')}
          value={filter.period}
          options={RANKING_PERIODS.map((period) => ({ value: period, label: t(`ranking.period.${period}`) }))}
          onChange={(period) => change({ period })}
        />
        <SegmentedControl
          legend={t('ranking.board.legend')}
          value={filter.board}
          options={RANKING_BOARDS.map((board) => ({ value: board, label: t(`ranking.board.${board}`) }))}
          onChange={(board) => change({ board })}
        />
        {filter.board === 'remembered' && (
          <p className="flex items-start gap-2 rounded-field bg-pro-soft px-3 py-2.5 text-sm text-pretty">
            <Brain aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-pro" />
            {t('ranking.board.remembered-hint')}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <SegmentedControl
            legend={t('ranking.scope.legend')}
            value={filter.scope}
            options={RANKING_SCOPES.map((scope) => ({ value: scope, label: scopeLabel(scope) }))}
            onChange={(scope) => change({ scope, level: undefined })}
          />
          {filter.scope === 'level' && (
            <SelectField
              label={t('ranking.scope.choose-level')}
              value={filter.level ?? ranking?.level ?? ''}
              options={LEVELS.map((level) => ({ value: level, label: t(levelLabelKey(level)) }))}
              onChange={(event) => change({ level: event.target.value as Level })}
              className="sm:w-56"
            />
          )}
        </div>
      </div>

      {query.isError ? (
        <div role="alert">
          <StateMessage icon={<CloudOff aria-hidden="true" />} tone="danger" title={t('ranking.error')}>
            <p className="text-pretty text-muted">{t(errorCodeOf(query.error))}</p>
            <RetryButton loading={query.isFetching} onClick={() => void query.refetch()} />
          </StateMessage>
        </div>
      ) : !ranking ? (
        <BoardSkeleton />
      ) : ranking.top.length === 0 ? (
        <StateMessage
          icon={<Trophy aria-hidden="true" />}
          tone="muted"
          title={t(`ranking.empty.${ranking.board}-${ranking.period}`)}
        >
          <Link
            to="/graded-reader"
            className="inline-flex min-h-11 items-center font-semibold text-brand-ink hover:underline"
          >
            {t('ranking.empty.go')}
          </Link>
        </StateMessage>
      ) : (
        <div
          className={cx('grid gap-6 transition-opacity', query.isPlaceholderData && 'opacity-60')}
          aria-busy={query.isPlaceholderData || undefined}
        >
          <section aria-labelledby={boardHeading} className="grid gap-2">
            <h2
              id={boardHeading}
              className="flex flex-wrap items-baseline justify-between gap-2 font-bold tracking-tight"
            >
              {t('ranking.top', { count: ranking.top.length })}
              <span className="text-sm font-normal text-muted">
                {t('ranking.total', {
                  count: ranking.total,
                  total: new Intl.NumberFormat(currentLocale()).format(ranking.total),
                })}
              </span>
            </h2>
            <ol className="grid gap-1">
              {ranking.top.map((entry) => (
                <li key={entry.user_id}>
                  <RankingRow entry={entry} />
                </li>
              ))}
            </ol>
          </section>
          {ranking.around_me.length > 0 && (
            <section aria-labelledby={aroundHeading} className="grid gap-2">
              <h2 id={aroundHeading} className="font-bold tracking-tight">
                {t('ranking.around-you')}
              </h2>
              <ol className="grid gap-1">
                {ranking.around_me.map((entry) => (
                  <li key={entry.user_id}>
                    <RankingRow entry={entry} />
                  </li>
                ))}
              </ol>
            </section>
          )}
          {!ranking.me && <p className="text-sm text-pretty text-muted">{t('ranking.not-on-board')}</p>}
        </div>
      )}
    </div>
  );
}
