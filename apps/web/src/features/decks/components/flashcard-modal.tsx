import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_TEXT_MAX, CARD_WORD_MAX, flashcardBody, type Deck, type LearningLanguage } from '@lendo/shared';
import { Layers, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { InlineRetry } from '@/components/inline-retry';
import { PanelModal } from '@/components/panel-modal';
import { PlaySoundButton } from '@/components/play-sound-button';
import { SelectField } from '@/components/select-field';
import { StateMessage } from '@/components/state-message';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { ApiError, errorCodeOf } from '@/lib/api-client';
import { useFeatureAccess } from '@/lib/feature-access';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { openModal, type FlashcardModalProps } from '@/lib/modals';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDecks } from '../api/get-decks';
import { useFlashcard } from '../api/get-flashcard';
import { useDeleteFlashcard } from '../api/delete-flashcard';
import { useSaveFlashcard } from '../api/save-flashcard';
import { ExampleChoices } from './example-choices';

/** Typing in the word field pauses this long before its examples are looked up. */
const WORD_DEBOUNCE_MS = 300;

const formSchema = flashcardBody.extend({ deck: z.string().min(1, { error: 'error.required' }) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

interface CardDraft {
  word: string;
  front: string;
  back: string;
  /** The deck chosen at first; the first deck of the language when empty. */
  deck: string;
  language: LearningLanguage;
}

interface FlashcardFormProps {
  /** The card edited; a new card is created without it. */
  cardId?: string;
  draft: CardDraft;
  decks: Deck[];
  /** False while creating is not (yet) allowed: Save stays disabled. */
  canSave: boolean;
  onClose: () => void;
}

function FlashcardForm({ cardId, draft, decks, canSave, onClose }: FlashcardFormProps) {
  const { t } = useTranslation();
  const saveFlashcard = useSaveFlashcard();
  const deleteFlashcard = useDeleteFlashcard();
  const examplesId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  /** The word and deck the server said already have a card: saving them again is confirmed. */
  const [duplicate, setDuplicate] = useState<{ word: string; deck: string } | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { ...draft, deck: draft.deck || decks[0]?.id || '' },
  });
  const word = useWatch({ control, name: 'word' }) ?? '';
  const front = useWatch({ control, name: 'front' });
  const deckId = useWatch({ control, name: 'deck' });
  const warned = duplicate !== null && duplicate.word === word.trim() && duplicate.deck === deckId;
  const lookupWord = useDebouncedValue(word, WORD_DEBOUNCE_MS);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    saveFlashcard.mutate(
      { ...values, id: cardId, allowDuplicate: warned },
      {
        onSuccess: () => {
          toast.success(t(cardId ? 'flashcard.saved' : 'flashcard.created'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'limits.flashcards') {
            openModal('limit-reached', { variant: 'flashcards' });
            return;
          }
          if (error instanceof ApiError && error.code === 'flashcard.duplicate') {
            setDuplicate({ word: values.word, deck: values.deck });
            return;
          }
          setFormError(applyApiError(error, setError, ['word', 'front', 'back', 'deck']));
        },
      },
    );
  });

  const confirmDelete = (id: string) =>
    openModal('confirm-delete', {
      title: t('flashcard.delete.title'),
      content: t('flashcard.delete.text'),
      onConfirm: async () => {
        await deleteFlashcard(id);
        toast.success(t('flashcard.deleted'));
      },
    });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {formError && <FormAlert code={formError} />}
      {warned && (
        <p role="alert" className="flex items-start gap-2.5 rounded-field bg-pro-soft p-3.5 text-sm text-pro">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 wrap-anywhere">
            {t('flashcard.duplicate-warning', {
              word: duplicate.word,
              deck: decks.find((deck) => deck.id === duplicate.deck)?.name ?? '',
            })}
          </span>
        </p>
      )}
      <div className="flex items-end gap-2">
        <TextField
          label={t('flashcard.word')}
          lang={draft.language}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={CARD_WORD_MAX}
          error={errors.word?.message}
          className="min-w-0 flex-1"
          {...register('word')}
        />
        {word.trim() && (
          <PlaySoundButton text={word.trim()} language={draft.language} look="tinted" className="mb-0.5" />
        )}
      </div>

      <section aria-labelledby={examplesId} className="grid gap-2">
        <h3 id={examplesId} className="text-sm font-semibold">
          {t('flashcard.examples')}
        </h3>
        <ExampleChoices
          word={lookupWord}
          language={draft.language}
          selectedFront={front}
          onChoose={(example) => {
            setValue('front', example.front, { shouldValidate: isSubmitted, shouldDirty: true });
            setValue('back', example.back, { shouldValidate: isSubmitted, shouldDirty: true });
          }}
        />
      </section>

      <TextAreaField
        label={t('flashcard.front')}
        lang={draft.language}
        rows={2}
        maxLength={CARD_TEXT_MAX}
        error={errors.front?.message}
        {...register('front')}
      />
      <TextAreaField
        label={t('flashcard.back')}
        rows={2}
        maxLength={CARD_TEXT_MAX}
        error={errors.back?.message}
        {...register('back')}
      />
      <SelectField
        label={t('flashcard.deck')}
        options={decks.map((deck) => ({ value: deck.id, label: deck.name }))}
        {...register('deck')}
      />

      {/* Stays at the bottom of the panel while the fields scroll. It undoes the panel's bottom padding,
          in its margin and in where it sticks (a sticky box stops at the padding, which would leave
          the fields showing below it), and stays above the fields' positioned parts. */}
      <div className="sticky -bottom-[max(1.5rem,env(safe-area-inset-bottom))] z-10 -mx-4 -mb-[max(1.5rem,env(safe-area-inset-bottom))] grid grid-cols-2 gap-2 border-t border-line bg-surface px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:-mx-6 sm:px-6">
        <Button
          type="submit"
          size="lg"
          block
          disabled={!canSave}
          loading={saveFlashcard.isPending}
          className="order-2"
        >
          {t(warned ? 'flashcard.save-anyway' : 'flashcard.save')}
        </Button>
        {cardId ? (
          <Button variant="secondary" size="lg" block onClick={() => confirmDelete(cardId)}>
            <Trash2 aria-hidden="true" className="size-5 text-danger" />
            {t('flashcard.delete')}
          </Button>
        ) : (
          <Button variant="secondary" size="lg" block onClick={onClose}>
            {t('flashcard.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-5">
      {['h-12', 'h-16', 'h-20', 'h-20', 'h-12'].map((height, index) => (
        <div key={index} className={`${height} animate-pulse rounded-field bg-surface-muted`} />
      ))}
    </div>
  );
}

/** No deck in the card's language yet: one has to be made first. */
function NoDeck({ language, onClose }: { language: LearningLanguage; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <StateMessage icon={<Layers aria-hidden="true" />} title={t('flashcard.no-deck.title')} headingLevel={3}>
      <p className="text-pretty text-muted">
        {t('flashcard.no-deck.text', { language: t(`language.${language}`) })}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button onClick={() => openModal('deck-form', { language })}>{t('decks.create')}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t('flashcard.cancel')}
        </Button>
      </div>
    </StateMessage>
  );
}

/**
 * The flashcard modal (SPEC §2, §4, §5). Without `flashcardId` it creates a card, prefilled from the
 * props, once the plan allows one more (else it gives way to the limit-reached modal); with it, it
 * edits that card. The word has a play-sound button and up to two examples that fill front and back.
 */
export function FlashcardModal({ onClose, ...props }: FlashcardModalProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const editing = Boolean(props.flashcardId);
  const card = useFlashcard(props.flashcardId);
  const access = useFeatureAccess('create_flashcard', !editing);
  const language = card.data?.language ?? props.language ?? me.learning_language ?? 'en';
  // An edited card's language is known once it has loaded: its deck may move to decks of that language.
  const decksReady = !editing || card.data !== undefined;
  const decks = useDecks(language, decksReady);

  useEffect(() => {
    if (access === false) openModal('limit-reached', { variant: 'flashcards' });
  }, [access]);

  const failed = card.error ?? decks.error;
  const { data } = card;
  let body;
  if (failed) {
    body = (
      <InlineRetry
        message={t(errorCodeOf(failed))}
        onRetry={() => void (card.error ? card.refetch() : decks.refetch())}
      />
    );
  } else if (!decks.data || (editing && !data)) {
    body = <FormSkeleton />;
  } else if (decks.data.length === 0) {
    body = <NoDeck language={language} onClose={onClose} />;
  } else {
    const draft: CardDraft = data
      ? { word: data.word, front: data.front, back: data.back, deck: data.deck, language: data.language }
      : {
          word: props.word ?? '',
          front: props.sentence ?? '',
          back: props.translation ?? '',
          deck: props.deckId ?? '',
          language,
        };
    body = (
      <FlashcardForm
        cardId={props.flashcardId}
        draft={draft}
        decks={decks.data}
        canSave={editing || access === true}
        onClose={onClose}
      />
    );
  }

  return (
    <PanelModal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(editing ? 'flashcard.edit-title' : 'flashcard.create-title')}
    >
      {body}
    </PanelModal>
  );
}
