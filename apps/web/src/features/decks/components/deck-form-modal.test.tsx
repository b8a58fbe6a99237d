import type { Deck } from '@lendo/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForModals, type ModalRequest } from '@/lib/modals';
import { fakeApi } from '@/testing/fake-api';
import { renderWithMe } from '@/testing/with-me';
import { DeckFormModal } from './deck-form-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const DECK: Deck = {
  id: 'deck-1',
  name: 'Travel',
  description: 'For the trip',
  icon: 'ufo',
  language: 'en',
  stats: { new: 1, learning: 0, learned: 0, pending_review: 0 },
  card_count: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  last_review: null,
  next_review: null,
};

describe('DeckFormModal', () => {
  const opened: ModalRequest[] = [];
  let stopListening = () => {};
  beforeEach(() => {
    opened.length = 0;
    stopListening = listenForModals(
      (request) => opened.push(request),
      () => {},
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stopListening();
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires a name and sends nothing without one', async () => {
    const api = fakeApi(() => undefined);
    renderWithMe(
      <MemoryRouter>
        <DeckFormModal onClose={vi.fn()} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'decks.form.create' }));
    expect(await screen.findByText('decks.deck-name-error')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('creates a deck with the icon chosen, in the language learned by default', async () => {
    const api = fakeApi((request) =>
      request.method === 'POST' ? { status: 201, body: { ...DECK, ...(request.body as object) } } : undefined,
    );
    const onClose = vi.fn();
    renderWithMe(
      <MemoryRouter>
        <DeckFormModal onClose={onClose} />
      </MemoryRouter>,
    );

    // The learner studies Spanish (fakeMe): a new deck is in Spanish unless changed.
    expect((screen.getByRole('combobox', { name: 'decks.form.language' }) as HTMLSelectElement).value).toBe(
      'es',
    );
    fireEvent.input(screen.getByRole('textbox', { name: 'decks.form.name' }), {
      target: { value: '  Verbs ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'decks.icon.choose' }));
    const heart = await screen.findByRole('radio', { name: 'decks.icon.heart' });
    expect(screen.getByRole('radio', { name: 'decks.icon.student' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(heart);
    expect(screen.queryByRole('radiogroup')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'decks.form.create' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('POST', '/api/deck/decks/')).toEqual([
      { name: 'Verbs', description: '', icon: 'heart', language: 'es' },
    ]);
    expect(toast.success).toHaveBeenCalledWith('decks.created');
  });

  it('edits a deck without offering to change its language', async () => {
    const api = fakeApi((request) => (request.method === 'PUT' ? { body: DECK } : undefined));
    const onClose = vi.fn();
    renderWithMe(
      <MemoryRouter>
        <DeckFormModal deck={DECK} onClose={onClose} />
      </MemoryRouter>,
    );

    expect(screen.queryByRole('combobox', { name: 'decks.form.language' })).toBeNull();
    fireEvent.input(screen.getByRole('textbox', { name: 'decks.form.description' }), {
      target: { value: 'London, May' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'decks.form.save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('PUT', '/api/deck/decks/deck-1/')).toEqual([
      { name: 'Travel', description: 'London, May', icon: 'ufo', language: 'en' },
    ]);
  });

  it('shows the limit-reached modal when the plan allows no more decks', async () => {
    fakeApi(() => ({ status: 403, body: { message: 'Limit', code: 'limits.decks' } }));
    const onClose = vi.fn();
    renderWithMe(
      <MemoryRouter>
        <DeckFormModal onClose={onClose} />
      </MemoryRouter>,
    );
    fireEvent.input(screen.getByRole('textbox', { name: 'decks.form.name' }), {
      target: { value: 'One more' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'decks.form.create' }));
    await vi.waitFor(() => expect(opened).toEqual([{ name: 'limit-reached', props: { variant: 'decks' } }]));
  });
});
