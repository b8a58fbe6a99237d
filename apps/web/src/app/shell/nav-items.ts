import { Crown, House, Layers, ListMusic, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import { hasProAccess, useMe } from '@/lib/me';
import { openModal } from '@/lib/modals';

export type NavKey = 'home' | 'graded-reader' | 'flashcards' | 'playlists' | 'upgrade' | 'ranking';

/** A navigation entry: a link, or an action such as opening a modal. */
export type NavItem = { key: NavKey; icon: LucideIcon; emphasis?: boolean } & (
  { to: string; end?: boolean; within?: readonly string[] } | { onSelect: () => void }
);

/** The header's links (SPEC §2 Navigation). */
export const HEADER_NAV: readonly NavKey[] = ['home', 'graded-reader', 'flashcards', 'playlists', 'upgrade'];
/** The bottom menu at 768 px and below. */
export const BOTTOM_NAV: readonly NavKey[] = ['home', 'graded-reader', 'flashcards', 'playlists', 'ranking'];

/** Every navigation entry, resolved for the signed-in user: the graded reader and ranking need pro. */
export function useNavItems(): Record<NavKey, NavItem> {
  const me = useMe();
  const pro = hasProAccess(me);
  const offerGradedReader = () => openModal('offer', { reason: 'graded-reader-modal' });
  return {
    home: { key: 'home', icon: House, to: '/', end: true },
    'graded-reader': pro
      ? { key: 'graded-reader', icon: Crown, to: '/graded-reader' }
      : { key: 'graded-reader', icon: Crown, onSelect: offerGradedReader },
    flashcards: {
      key: 'flashcards',
      icon: Layers,
      to: '/decks',
      within: ['/flashcards/', '/review/', '/deck-reviewed/'],
    },
    playlists: {
      key: 'playlists',
      icon: ListMusic,
      onSelect: () => openModal('coming-soon', { variant: 'playlist-coming-soon' }),
    },
    upgrade: { key: 'upgrade', icon: Sparkles, to: '/plans', emphasis: true },
    // The ranking is part of the graded reader: pro too.
    ranking: pro
      ? { key: 'ranking', icon: Trophy, to: '/ranking' }
      : { key: 'ranking', icon: Trophy, onSelect: offerGradedReader },
  };
}
