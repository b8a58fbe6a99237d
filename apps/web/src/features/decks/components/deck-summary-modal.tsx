import { Info, Pencil, Play } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { currentLocale } from '@/lib/i18n';
import type { ModalPropsByName } from '@/lib/modals';
import { nextReviewText } from '../review-dates';
import { DeckIconTile } from './deck-icon';
import { DeckStats } from './deck-stats';

type DeckSummaryModalProps = ModalPropsByName['deck-summary'] & { onClose: () => void };

/**
 * A deck at a glance (SPEC §2 deck summary): its icon, name, description, its cards split into new,
 * learning and learned, and how many are due now. Review is disabled, with a warning, while pending_review is
 * zero (the API counts in it the new cards the deck may still introduce today).
 */
export function DeckSummaryModal({ deck, onClose }: DeckSummaryModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const warningId = useId();
  const nothingDue = deck.stats.pending_review === 0;
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={deck.name}
      description={deck.description || undefined}
      art={<DeckIconTile icon={deck.icon} size="lg" className="mx-auto mb-4" />}
    >
      <DeckStats stats={deck.stats} className="mt-6" />
      {!nothingDue && (
        <p className="mt-4 text-center text-sm font-semibold text-pro">
          {t('decks.card.due', { count: deck.stats.pending_review })}
        </p>
      )}
      {nothingDue && (
        <p
          id={warningId}
          className="mt-5 flex items-start gap-2.5 rounded-field bg-pro-soft p-3.5 text-left text-sm text-pro"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {deck.card_count === 0
              ? t('decks.summary.no-cards')
              : t('decks.summary.nothing-due', {
                  when: nextReviewText(deck.next_review, currentLocale(), t),
                })}
          </span>
        </p>
      )}
      <div className="mt-6 grid gap-2 sm:grid-cols-2">
        <Button
          size="lg"
          block
          disabled={nothingDue}
          aria-describedby={nothingDue ? warningId : undefined}
          onClick={() => go(`/review/${deck.id}`)}
          className="sm:order-2"
        >
          <Play aria-hidden="true" className="size-5" />
          {t('decks.summary.review')}
        </Button>
        <Button variant="secondary" size="lg" block onClick={() => go(`/flashcards/${deck.id}`)}>
          <Pencil aria-hidden="true" className="size-5" />
          {t('decks.summary.edit')}
        </Button>
      </div>
    </Modal>
  );
}
