import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { listenForModals, type ModalRequest } from '@/lib/modals';
import { ComingSoonModal } from './coming-soon-modal';
import { OfferModal } from './offer-modal';

/** Loaded when first opened: the shell's first paint does not wait for it. */
const WordLookupModal = lazy(() =>
  import('@/features/words/components/word-lookup-modal').then((module) => ({
    default: module.WordLookupModal,
  })),
);

/**
 * Renders the modal asked for with openModal(). A modal belongs to the page it was opened on: moving
 * to another route (a settings page, the plans page…) closes it.
 */
export function ModalHost() {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState<(ModalRequest & { pathname: string }) | null>(null);

  useEffect(
    () =>
      listenForModals(
        (request) => setCurrent({ ...request, pathname: window.location.pathname }),
        () => setCurrent(null),
      ),
    [],
  );

  if (!current || current.pathname !== pathname) return null;
  const close = () => setCurrent(null);

  switch (current.name) {
    case 'coming-soon':
      return <ComingSoonModal variant={current.props.variant} onClose={close} />;
    case 'offer':
      return <OfferModal reason={current.props.reason} onClose={close} />;
    case 'word-lookup':
      return (
        <Suspense fallback={null}>
          <WordLookupModal key={JSON.stringify(current.props)} {...current.props} onClose={close} />
        </Suspense>
      );
  }
}
