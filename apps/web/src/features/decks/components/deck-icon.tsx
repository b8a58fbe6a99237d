import { DECK_ICONS, type DeckIcon } from '@lendo/shared';
import {
  Award,
  Book,
  BookOpen,
  Box,
  Bug,
  Gamepad2,
  Ghost,
  GraduationCap,
  Heart,
  Layers,
  Palette,
  PartyPopper,
  Pencil,
  Rocket,
  TreePine,
  type LucideIcon,
} from 'lucide-react';
import { cx } from '@/lib/cx';

/** The lucide drawing of each deck icon (SPEC §3). Lucide has no butterfly, alien or UFO: the nearest. */
export const DECK_ICON_GLYPHS: Record<DeckIcon, LucideIcon> = {
  closedBook: Book,
  openBook: BookOpen,
  player: Gamepad2,
  certificate: Award,
  student: GraduationCap,
  palette: Palette,
  pencil: Pencil,
  layers: Layers,
  butterfly: Bug,
  cube: Box,
  allien: Ghost,
  heart: Heart,
  party: PartyPopper,
  tree: TreePine,
  ufo: Rocket,
};

/** Icons take the level colours in turn, so that a list of decks is easy to tell apart. */
const TONES = [
  'bg-level-intermediate-soft text-level-intermediate',
  'bg-level-elementary-soft text-level-elementary',
  'bg-level-upper-intermediate-soft text-level-upper-intermediate',
  'bg-level-advanced-soft text-level-advanced',
  'bg-level-pre-intermediate-soft text-level-pre-intermediate',
] as const;

const SIZES = {
  md: 'size-12 rounded-xl [&>svg]:size-6',
  lg: 'size-16 rounded-2xl [&>svg]:size-8',
} as const;

/** A deck's icon in its coloured tile; decorative (the deck's name says what it is). */
export function DeckIconTile({
  icon,
  size = 'md',
  className,
}: {
  icon: DeckIcon;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const Glyph = DECK_ICON_GLYPHS[icon];
  const tone = TONES[DECK_ICONS.indexOf(icon) % TONES.length];
  return (
    <span aria-hidden="true" className={cx('grid shrink-0 place-items-center', SIZES[size], tone, className)}>
      <Glyph />
    </span>
  );
}
