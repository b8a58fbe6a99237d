import { ChevronRight, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { cx } from '@/lib/cx';
import { openModal, type ModalPropsByName } from '@/lib/modals';
import { useDeleteDeck } from '../api/delete-deck';
import { DeckIconTile } from './deck-icon';

type DeckOptionsModalProps = ModalPropsByName['deck-options'] & { onClose: () => void };

function Option({
  icon: Icon,
  label,
  danger = false,
  onSelect,
}: {
  icon: LucideIcon;
  label: string;
  danger?: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      className={cx(
        'flex min-h-14 w-full items-center gap-3 rounded-field border border-line px-4 text-left font-semibold transition-colors hover:bg-surface-muted',
        danger && 'text-danger',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden="true" className="size-5 text-muted" />
    </button>
  );
}

/** The deck edit/delete chooser (SPEC §2): edit opens the deck form, delete asks first. */
export function DeckOptionsModal({ deck, onClose }: DeckOptionsModalProps) {
  const { t } = useTranslation();
  const deleteDeck = useDeleteDeck();
  const confirmDelete = () =>
    openModal('confirm-delete', {
      title: t('decks.delete.title', { name: deck.name }),
      content: t('decks.delete.text', { count: deck.card_count }),
      confirmText: t('decks.delete.confirm'),
      onConfirm: async () => {
        await deleteDeck(deck.id);
        toast.success(t('decks.deleted', { name: deck.name }));
      },
    });

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={deck.name}
      description={t('decks.options.text')}
      art={<DeckIconTile icon={deck.icon} className="mx-auto mb-4" />}
    >
      <div className="mt-6 grid gap-2">
        <Option
          icon={Pencil}
          label={t('decks.options.edit')}
          onSelect={() => openModal('deck-form', { deck })}
        />
        <Option icon={Trash2} label={t('decks.options.delete')} danger onSelect={confirmDelete} />
      </div>
    </Modal>
  );
}
