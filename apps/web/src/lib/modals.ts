/**
 * Modals of the signed-in shell are opened from anywhere with a window event; the shell's modal host
 * listens and renders the one asked for. Add a modal by adding its name and props here and a case in
 * the host.
 */
import type {
  DailyChallenge,
  Deck,
  LearningLanguage,
  Level,
  PaymentMethod,
  Subscription,
  SubscriptionEvent,
} from '@lendo/shared';
import type { ReactNode } from 'react';

export type ComingSoonVariant = 'playlist-coming-soon' | 'statistics-coming-soon';
/** Why the offer modal was opened; the texts depend on it. */
export type OfferReason = 'graded-reader-modal' | 'library-locked';

/** Which allowance of the plan is used up. */
export type LimitVariant =
  'flashcards' | 'decks' | 'graded-reader' | 'translations' | 'audio' | 'ai-sentences';

/**
 * The flashcard modal: it edits the card with `flashcardId`, or creates one prefilled with the rest
 * (the word, a sentence as front and its translation as back) in `deckId` or the first deck of
 * `language` (the one learned when not given).
 */
export interface FlashcardModalProps {
  flashcardId?: string;
  word?: string;
  language?: LearningLanguage;
  sentence?: string;
  translation?: string;
  deckId?: string;
}

/** Asks before something is deleted, then runs the deletion. */
export interface ConfirmDeleteProps {
  title: string;
  content: ReactNode;
  /** The confirm button's text; "Delete" when not given. */
  confirmText?: string;
  /** A red title, for deleting the account. */
  danger?: boolean;
  /** Runs the deletion: the modal shows a spinner meanwhile, closes on success, shows the error on failure. */
  onConfirm: () => Promise<unknown> | void;
}

/** A graded-reader notice shown as a modal; `onClosed` lets the next notice follow once it is closed. */
interface NoticeModalProps {
  onClosed?: () => void;
}

export interface ModalPropsByName {
  'confirm-delete': ConfirmDeleteProps;
  'coming-soon': { variant: ComingSoonVariant };
  'limit-reached': { variant: LimitVariant };
  /** The deck's counts, with the way to review it or edit its cards. */
  'deck-summary': { deck: Deck };
  /** Chooses between editing and deleting the deck. */
  'deck-options': { deck: Deck };
  /** Edits `deck`, or creates a deck in `language` (the one learned when not given). */
  'deck-form': { deck?: Deck; language?: LearningLanguage };
  flashcard: FlashcardModalProps;
  offer: { reason: OfferReason };
  /** Opens with the word already looked up, when given; the language defaults to the one learned. */
  'word-lookup': { word?: string; language?: LearningLanguage };
  /** The profile modals of settings (SPEC §2); each works on the signed-in user. */
  'update-profile-image': Record<string, never>;
  'change-username': Record<string, never>;
  'change-email': Record<string, never>;
  'change-password': Record<string, never>;
  /** Saves a new card (SPEC §2 add payment method), optionally as the default one. */
  'add-payment-method': Record<string, never>;
  /** Corrects a card's holder name and expiry, and can make it the default one. */
  'edit-payment-method': { paymentMethod: PaymentMethod };
  /** Asks before a monthly plan moves to its yearly price, showing that price. */
  'change-to-annual': { subscription: Subscription };
  /** The retention offers before canceling (SPEC §4 cancel flow), then "cancel anyway". */
  'cancel-options': { subscription: Subscription };
  /** Why the learner cancels: a reason (required) and optional feedback; submitting cancels. */
  'cancel-reason': Record<string, never>;
  /** What a change of subscription did; canceled-subscription offers to reactivate. */
  'subscription-event': { event: SubscriptionEvent; subscription: Subscription };
  /** A daily challenge was completed; the others' progress is shown with it. */
  'daily-challenge': NoticeModalProps & { challenge: DailyChallenge };
  /** The first challenge of the day continued the streak to `days`, or started it again after `previous`. */
  streak: NoticeModalProps & { outcome: 'continued' | 'broken'; days: number; previous: number };
  /** All-time points crossed the threshold of `level`. */
  'level-up': NoticeModalProps & { level: Level; points: number };
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
