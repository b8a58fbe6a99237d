import { Navigate, useSearchParams } from 'react-router';
import type { ComingSoonVariant, ModalRequest } from '@/lib/modals';

/** Route state asking the shell's modal host to open a modal on the page navigated to. */
export interface ModalRouteState {
  modal: ModalRequest;
}

/**
 * The route state of each coming-soon modal, made once: <Navigate> navigates again whenever its state
 * is a different object, so a state made afresh on every render would navigate on every render.
 */
const HOME_WITH: Record<ComingSoonVariant, ModalRouteState> = {
  'playlist-coming-soon': { modal: { name: 'coming-soon', props: { variant: 'playlist-coming-soon' } } },
  'statistics-coming-soon': { modal: { name: 'coming-soon', props: { variant: 'statistics-coming-soon' } } },
};

/** The page to go to with the coming-soon modal of `variant` open over it. */
function toHomeWith(variant: ComingSoonVariant) {
  return <Navigate to="/" replace state={HOME_WITH[variant]} />;
}

/** /playlists is announced, not built (SPEC §2): the home page with the coming-soon modal. */
export function PlaylistsRedirect() {
  return toHomeWith('playlist-coming-soon');
}

/** /profile?tab=statistics: the home page with the statistics coming-soon modal; else the profile settings. */
export function ProfileRedirect() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('tab') === 'statistics') return toHomeWith('statistics-coming-soon');
  return <Navigate to="/settings/profile" replace />;
}
