import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeModal, listenForModals, openModal } from './modals';

describe('modal events', () => {
  const unsubscribers: (() => void)[] = [];
  afterEach(() => unsubscribers.splice(0).forEach((unsubscribe) => unsubscribe()));

  it('delivers open and close requests to the host until it unsubscribes', () => {
    const onOpen = vi.fn();
    const onClose = vi.fn();
    const unsubscribe = listenForModals(onOpen, onClose);

    openModal('offer', { reason: 'graded-reader-modal' });
    openModal('coming-soon', { variant: 'statistics-coming-soon' });
    closeModal();
    unsubscribe();
    openModal('coming-soon', { variant: 'playlist-coming-soon' });

    expect(onOpen.mock.calls).toEqual([
      [{ name: 'offer', props: { reason: 'graded-reader-modal' } }],
      [{ name: 'coming-soon', props: { variant: 'statistics-coming-soon' } }],
    ]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
