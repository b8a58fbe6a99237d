import { zodResolver } from '@hookform/resolvers/zod';
import {
  DECK_DESCRIPTION_MAX,
  DECK_NAME_MAX,
  DEFAULT_DECK_ICON,
  deckBody,
  LEARNING_LANGUAGES,
} from '@lendo/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-alert';
import { Modal } from '@/components/modal';
import { SelectField } from '@/components/select-field';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { applyApiError } from '@/lib/form-errors';
import { useMe } from '@/lib/me';
import { openModal, type ModalPropsByName } from '@/lib/modals';
import { useSaveDeck } from '../api/save-deck';
import { IconChooser } from './icon-chooser';

type DeckFormModalProps = ModalPropsByName['deck-form'] & { onClose: () => void };

/**
 * Creates a deck, or edits `deck` (SPEC §2 create/edit deck): icon, name (required), description and,
 * for a new deck, its language. A plan with no deck left closes it and shows the limit-reached modal.
 */
export function DeckFormModal({ deck, language, onClose }: DeckFormModalProps) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const saveDeck = useSaveDeck();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof deckBody>, unknown, z.output<typeof deckBody>>({
    resolver: zodResolver(deckBody),
    defaultValues: {
      name: deck?.name ?? '',
      description: deck?.description ?? '',
      icon: deck?.icon ?? DEFAULT_DECK_ICON,
      language: deck?.language ?? language ?? me.learning_language ?? 'en',
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    saveDeck.mutate(
      { ...values, id: deck?.id },
      {
        onSuccess: (saved) => {
          toast.success(t(deck ? 'decks.saved' : 'decks.created', { name: saved.name }));
          onClose();
          // A new deck in another language than the list shown: show that language's decks.
          if (!deck && language && saved.language !== language)
            void navigate(`/decks?language=${saved.language}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'limits.decks') {
            openModal('limit-reached', { variant: 'decks' });
            return;
          }
          setFormError(applyApiError(error, setError, ['name', 'description', 'icon', 'language']));
        },
      },
    );
  });

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(deck ? 'decks.form.edit-title' : 'decks.form.create-title')}
    >
      <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-5 text-left">
        {formError && <FormAlert code={formError} />}
        <div className="flex justify-center">
          <Controller
            control={control}
            name="icon"
            render={({ field }) => (
              <IconChooser value={field.value ?? DEFAULT_DECK_ICON} onChange={field.onChange} />
            )}
          />
        </div>
        <TextField
          label={t('decks.form.name')}
          autoComplete="off"
          maxLength={DECK_NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextAreaField
          label={t('decks.form.description')}
          maxLength={DECK_DESCRIPTION_MAX}
          rows={2}
          error={errors.description?.message}
          {...register('description')}
        />
        {!deck && (
          <SelectField
            label={t('decks.form.language')}
            options={LEARNING_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
            {...register('language')}
          />
        )}
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          <Button type="submit" size="lg" block loading={saveDeck.isPending} className="sm:order-2">
            {t(deck ? 'decks.form.save' : 'decks.form.create')}
          </Button>
          <Button variant="secondary" size="lg" block onClick={onClose}>
            {t('decks.form.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
