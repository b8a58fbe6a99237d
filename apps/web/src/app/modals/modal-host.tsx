import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listenForModals, OPEN_MODAL_EVENT, type ModalRequest } from '@/lib/modals';
import type { ModalRouteState } from '../coming-soon-redirect';
import { ComingSoonModal } from './coming-soon-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { LimitReachedModal } from './limit-reached-modal';
import { OfferModal } from './offer-modal';

/** Loaded when first opened: the shell's first paint does not wait for it. */
const WordLookupModal = lazy(() =>
  import('@/features/words/components/word-lookup-modal').then((module) => ({
    default: module.WordLookupModal,
  })),
);
const SettingsModal = lazy(() =>
  import('@/features/settings/components/settings-modal').then((module) => ({
    default: module.SettingsModal,
  })),
);

const DeckSummaryModal = lazy(() =>
  import('@/features/decks/components/deck-summary-modal').then((module) => ({
    default: module.DeckSummaryModal,
  })),
);
const DeckOptionsModal = lazy(() =>
  import('@/features/decks/components/deck-options-modal').then((module) => ({
    default: module.DeckOptionsModal,
  })),
);
const DeckFormModal = lazy(() =>
  import('@/features/decks/components/deck-form-modal').then((module) => ({
    default: module.DeckFormModal,
  })),
);
const FlashcardModal = lazy(() =>
  import('@/features/decks/components/flashcard-modal').then((module) => ({
    default: module.FlashcardModal,
  })),
);

const EditPaymentMethodModal = lazy(() =>
  import('@/features/settings/components/edit-payment-method-modal').then((module) => ({
    default: module.EditPaymentMethodModal,
  })),
);
const AddPaymentMethodModal = lazy(() =>
  import('@/features/billing/components/add-payment-method-modal').then((module) => ({
    default: module.AddPaymentMethodModal,
  })),
);
const ChangeToAnnualModal = lazy(() =>
  import('@/features/billing/components/change-to-annual-modal').then((module) => ({
    default: module.ChangeToAnnualModal,
  })),
);
const CancelOptionsModal = lazy(() =>
  import('@/features/billing/components/cancel-options-modal').then((module) => ({
    default: module.CancelOptionsModal,
  })),
);
const CancelReasonModal = lazy(() =>
  import('@/features/billing/components/cancel-reason-modal').then((module) => ({
    default: module.CancelReasonModal,
  })),
);
const SubscriptionEventModal = lazy(() =>
  import('@/features/billing/components/subscription-event-modal').then((module) => ({
    default: module.SubscriptionEventModal,
  })),
);

/** The graded reader's notices (SPEC §2): daily challenge done, streak, level up. */
const DailyChallengeModal = lazy(() =>
  import('./daily-challenge-modal').then((module) => ({ default: module.DailyChallengeModal })),
);
const StreakModal = lazy(() => import('./streak-modal').then((module) => ({ default: module.StreakModal })));
const LevelUpModal = lazy(() =>
  import('./level-up-modal').then((module) => ({ default: module.LevelUpModal })),
);

/**
 * Renders the modal asked for with openModal(). A modal belongs to the page it was opened on: moving
 * to another route (a settings page, the plans page…) closes it.
 */
export function ModalHost() {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const [current, setCurrent] = useState<(ModalRequest & { pathname: string }) | null>(null);

  useEffect(
    () =>
      listenForModals(
        (request) => setCurrent({ ...request, pathname: window.location.pathname }),
        () => setCurrent(null),
      ),
    [],
  );

  // A route can ask for a modal over the page it leads to (the coming-soon URLs), once the listener
  // above is in place; the request is then dropped from the history entry so that a reload does not
  // open it again.
  const requested = (state as Partial<ModalRouteState> | null)?.modal;
  useEffect(() => {
    if (!requested) return;
    window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: requested }));
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [requested, pathname, search, hash, navigate]);

  if (!current || current.pathname !== pathname) return null;
  // The offer modal is never shown over settings (SPEC §2): paying subjects live there.
  if (current.name === 'offer' && pathname.startsWith('/settings')) return null;
  const close = () => setCurrent(null);

  switch (current.name) {
    case 'confirm-delete':
      return <ConfirmDeleteModal {...current.props} onClose={close} />;
    case 'coming-soon':
      return <ComingSoonModal variant={current.props.variant} onClose={close} />;
    case 'limit-reached':
      return <LimitReachedModal variant={current.props.variant} onClose={close} />;
    case 'deck-summary':
      return (
        <Suspense fallback={null}>
          <DeckSummaryModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'deck-options':
      return (
        <Suspense fallback={null}>
          <DeckOptionsModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'deck-form':
      return (
        <Suspense fallback={null}>
          <DeckFormModal key={JSON.stringify(current.props)} {...current.props} onClose={close} />
        </Suspense>
      );
    case 'flashcard':
      return (
        <Suspense fallback={null}>
          <FlashcardModal key={JSON.stringify(current.props)} {...current.props} onClose={close} />
        </Suspense>
      );
    case 'offer':
      return <OfferModal reason={current.props.reason} onClose={close} />;
    case 'word-lookup':
      return (
        <Suspense fallback={null}>
          <WordLookupModal key={JSON.stringify(current.props)} {...current.props} onClose={close} />
        </Suspense>
      );
    case 'add-payment-method':
      return (
        <Suspense fallback={null}>
          <AddPaymentMethodModal onClose={close} />
        </Suspense>
      );
    case 'edit-payment-method':
      return (
        <Suspense fallback={null}>
          <EditPaymentMethodModal key={current.props.paymentMethod.id} {...current.props} onClose={close} />
        </Suspense>
      );
    case 'change-to-annual':
      return (
        <Suspense fallback={null}>
          <ChangeToAnnualModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'cancel-options':
      return (
        <Suspense fallback={null}>
          <CancelOptionsModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'cancel-reason':
      return (
        <Suspense fallback={null}>
          <CancelReasonModal onClose={close} />
        </Suspense>
      );
    case 'subscription-event':
      return (
        <Suspense fallback={null}>
          <SubscriptionEventModal key={current.props.event} {...current.props} onClose={close} />
        </Suspense>
      );
    case 'daily-challenge':
      return (
        <Suspense fallback={null}>
          <DailyChallengeModal
            key={JSON.stringify(current.props.challenge)}
            {...current.props}
            onClose={close}
          />
        </Suspense>
      );
    case 'streak':
      return (
        <Suspense fallback={null}>
          <StreakModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'level-up':
      return (
        <Suspense fallback={null}>
          <LevelUpModal {...current.props} onClose={close} />
        </Suspense>
      );
    case 'update-profile-image':
    case 'change-username':
    case 'change-email':
    case 'change-password':
      return (
        <Suspense fallback={null}>
          <SettingsModal name={current.name} onClose={close} />
        </Suspense>
      );
  }
}
