import { openModal } from '@/lib/modals';

/** What opening a locked story does instead: the offer of the Pro plan, which reads the whole library. */
export function offerLockedStory(): void {
  openModal('offer', { reason: 'library-locked' });
}
