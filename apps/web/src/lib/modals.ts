/**
 * Modals of the signed-in shell are opened from anywhere with a window event; the shell's modal host
 * listens and renders the one asked for. Add a modal by adding its name and props here and a case in
 * the host.
 */
import type { LearningLanguage } from '@lendo/shared';

export type ComingSoonVariant = 'playlist-coming-soon' | 'statistics-coming-soon';
/** Why the offer modal was opened; the texts depend on it. */
export type OfferReason = 'graded-reader-modal';

export interface ModalPropsByName {
  'coming-soon': { variant: ComingSoonVariant };
  offer: { reason: OfferReason };
  /** Opens with the word already looked up, when given; the language defaults to the one learned. */
  'word-lookup': { word?: string; language?: LearningLanguage };
}
export type ModalName = keyof ModalPropsByName;
export type ModalRequest = { [N in ModalName]: { name: N; props: ModalPropsByName[N] } }[ModalName];

export const OPEN_MODAL_EVENT = 'lendo:open-modal';
export const CLOSE_MODAL_EVENT = 'lendo:close-modal';

export function openModal<N extends ModalName>(name: N, props: ModalPropsByName[N]): void {
  window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { name, props } }));
}

export function closeModal(): void {
  window.dispatchEvent(new CustomEvent(CLOSE_MODAL_EVENT));
}

/** Subscribes the host to open/close requests; returns the unsubscribe function. */
export function listenForModals(onOpen: (request: ModalRequest) => void, onClose: () => void): () => void {
  const open = (event: Event) => onOpen((event as CustomEvent<ModalRequest>).detail);
  window.addEventListener(OPEN_MODAL_EVENT, open);
  window.addEventListener(CLOSE_MODAL_EVENT, onClose);
  return () => {
    window.removeEventListener(OPEN_MODAL_EVENT, open);
    window.removeEventListener(CLOSE_MODAL_EVENT, onClose);
  };
}
