import { LEVELS, type Level } from '@lendo/shared';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/cx';
import { levelLabelKey } from '@/lib/story-labels';

/** Each level's colour (design tokens in index.css), spelled out so Tailwind sees the classes. */
const LEVEL_CLASSES: Record<Level, string> = {
  elementary: 'bg-level-elementary-soft text-level-elementary',
  'pre-intermediate': 'bg-level-pre-intermediate-soft text-level-pre-intermediate',
  intermediate: 'bg-level-intermediate-soft text-level-intermediate',
  'upper-intermediate': 'bg-level-upper-intermediate-soft text-level-upper-intermediate',
  advanced: 'bg-level-advanced-soft text-level-advanced',
};

/** Five bars, as many filled as the level's rank: the level reads without its colour too. */
function LevelBars({ level }: { level: Level }) {
  const rank = LEVELS.indexOf(level);
  return (
    <svg viewBox="0 0 14 12" aria-hidden="true" className="h-3 w-3.5 shrink-0">
      {LEVELS.map((step, index) => (
        <rect
          key={step}
          x={index * 3}
          y={10 - index * 2}
          width="2"
          height={2 + index * 2}
          rx="0.6"
          fill="currentColor"
          fillOpacity={index <= rank ? 1 : 0.28}
        />
      ))}
    </svg>
  );
}

/** The level's bars on its colour, e.g. beside the level's name in a list of choices. */
export function LevelMark({ level }: { level: Level }) {
  return (
    <span
      aria-hidden="true"
      className={cx('grid size-6 shrink-0 place-items-center rounded-md', LEVEL_CLASSES[level])}
    >
      <LevelBars level={level} />
    </span>
  );
}

/** A story's level, in the level's colour. */
export function LevelBadge({ level, className }: { level: Level; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs leading-none font-semibold whitespace-nowrap',
        LEVEL_CLASSES[level],
        className,
      )}
    >
      <LevelBars level={level} />
      {t(levelLabelKey(level))}
    </span>
  );
}
