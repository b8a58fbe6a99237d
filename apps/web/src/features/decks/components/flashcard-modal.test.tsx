import type { Deck, Flashcard } from '@lendo/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForModals, type ModalRequest } from '@/lib/modals';
import { fakeApi, type FakeReply, type FakeRequest } from '@/testing/fake-api';
import { renderWithMe } from '@/testing/with-me';
import { FlashcardModal } from './flashcard-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const deck = (id: string, name: string): Deck => ({
  id,
  name,
  description: '',
  icon: 'student',
  language: 'en',
  stats: { new: 0, learning: 0, learned: 0, pending_review: 0 },
  card_count: 0,
  created_at: '2025-01-01T00:00:00.000Z',
  last_review: null,
  next_review: null,
});
const DECKS = [deck('deck-1', 'My deck'), deck('deck-2', 'Travel')];

const USE_CASES = {
  word: 'house',
  use_cases: [
    {
      sentence: 'We painted the house blue.',
      translations: [
        { language: 'es', translation: 'Pintamos la casa de azul.' },
        { language: 'pt-br', translation: 'Pintamos a casa de azul.' },
      ],
    },
    {
      sentence: 'My house is small.',
      translations: [{ language: 'pt-br', translation: 'Minha casa é pequena.' }],
    },
    { sentence: 'A third one, never shown.', translations: [] },
  ],
};

/** The API as the modal meets it; `overrides` answers first. */
function api(overrides: (request: FakeRequest) => FakeReply | undefined = () => undefined) {
  return fakeApi((request) => {
    const override = overrides(request);
    if (override) return override;
    if (request.path === '/api/billing/feature-access/') return { body: { has_access: true } };
    if (request.path === '/api/deck/decks/') return { body: DECKS };
    if (request.path === '/api/words') return { body: USE_CASES };
    if (request.method === 'POST' && request.path.endsWith('/flashcards/'))
      return { status: 201, body: { id: 'card-1', ...(request.body as object) } };
    return undefined;
  });
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;

describe('FlashcardModal', () => {
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

  it('starts from the draft and fills front and back from the example chosen', async () => {
    const requests = api();
    const onClose = vi.fn();
    renderWithMe(
      <FlashcardModal
        word="house"
        language="en"
        sentence="The house is on the hill."
        translation="A casa fica na colina."
        onClose={onClose}
      />,
    );

    expect(
      (await screen.findByRole('textbox', { name: 'flashcard.word' })) as HTMLInputElement,
    ).toHaveProperty('value', 'house');
    expect(field('flashcard.front').value).toBe('The house is on the hill.');
    expect(field('flashcard.back').value).toBe('A casa fica na colina.');
    expect(requests.requests.find((r) => r.path === '/api/deck/decks/')?.params.get('language')).toBe('en');

    // At most two examples; each can be chosen, and fills the card in the learner's translation.
    const examples = await screen.findAllByRole('button', { pressed: false });
    expect(examples.map((button) => button.textContent)).toEqual([
      'We painted the house blue.Pintamos a casa de azul.',
      'My house is small.Minha casa é pequena.',
    ]);
    fireEvent.click(examples[1]!);
    expect(field('flashcard.front').value).toBe('My house is small.');
    expect(field('flashcard.back').value).toBe('Minha casa é pequena.');
    expect(screen.getByRole('button', { pressed: true }).textContent).toContain('My house is small.');

    fireEvent.change(screen.getByRole('combobox', { name: 'flashcard.deck' }), {
      target: { value: 'deck-2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'flashcard.save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.sent('POST', '/api/deck/decks/deck-2/flashcards/')).toEqual([
      {
        word: 'house',
        front: 'My house is small.',
        back: 'Minha casa é pequena.',
        language: 'en',
        allow_duplicate: false,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith('flashcard.created');
  });

  it('requires a front and a back, and sends nothing without them', async () => {
    const requests = api();
    renderWithMe(<FlashcardModal language="en" deckId="deck-1" onClose={vi.fn()} />);
    const save = await screen.findByRole('button', { name: 'flashcard.save' });
    await vi.waitFor(() => expect(save).toHaveProperty('disabled', false));

    fireEvent.click(save);
    expect(await screen.findByText('flashcard.front-error')).toBeTruthy();
    expect(screen.getByText('flashcard.back-error')).toBeTruthy();
    expect(field('flashcard.front').getAttribute('aria-invalid')).toBe('true');
    expect(requests.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('gives way to the limit-reached modal when the plan has no flashcard left', async () => {
    const requests = api((request) =>
      request.path === '/api/billing/feature-access/' ? { body: { has_access: false } } : undefined,
    );
    renderWithMe(<FlashcardModal word="house" language="en" onClose={vi.fn()} />);

    await vi.waitFor(() =>
      expect(opened).toEqual([{ name: 'limit-reached', props: { variant: 'flashcards' } }]),
    );
    expect(
      requests.requests.find((r) => r.path === '/api/billing/feature-access/')?.params.get('feature'),
    ).toBe('create_flashcard');
    expect(screen.getByRole('button', { name: 'flashcard.save' })).toHaveProperty('disabled', true);
  });

  it('opens the limit-reached modal when the API refuses the card for the limit', async () => {
    api((request) =>
      request.method === 'POST'
        ? { status: 403, body: { message: 'Limit', code: 'limits.flashcards' } }
        : undefined,
    );
    const onClose = vi.fn();
    renderWithMe(
      <FlashcardModal word="house" language="en" sentence="S" translation="T" onClose={onClose} />,
    );
    const save = await screen.findByRole('button', { name: 'flashcard.save' });
    await vi.waitFor(() => expect(save).toHaveProperty('disabled', false));

    fireEvent.click(save);
    await vi.waitFor(() =>
      expect(opened).toEqual([{ name: 'limit-reached', props: { variant: 'flashcards' } }]),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('warns before a second card for a word the deck has, and saves it once confirmed', async () => {
    let posts = 0;
    const requests = api((request) => {
      if (request.method !== 'POST') return undefined;
      posts += 1;
      return posts === 1
        ? { status: 409, body: { message: 'Duplicate', code: 'flashcard.duplicate' } }
        : { status: 201, body: {} };
    });
    const onClose = vi.fn();
    renderWithMe(
      <FlashcardModal word="house" language="en" sentence="S" translation="T" onClose={onClose} />,
    );
    const save = await screen.findByRole('button', { name: 'flashcard.save' });
    await vi.waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe('flashcard.duplicate-warning');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'flashcard.save-anyway' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.sent('POST', '/api/deck/decks/deck-1/flashcards/') as {
      allow_duplicate: boolean;
    }[];
    expect(sent.map((body) => body.allow_duplicate)).toEqual([false, true]);
  });

  it('edits a card: its fields and deck, Save and Delete, and no plan check', async () => {
    const card: Flashcard = {
      id: 'card-9',
      deck: 'deck-2',
      word: 'ticket',
      front: 'Where can I buy a ticket?',
      back: 'Onde compro uma passagem?',
      language: 'en',
      status: 'learning',
      last_review: null,
      next_review: '2025-01-01T00:00:00.000Z',
      created_at: '2025-01-01T00:00:00.000Z',
    };
    const requests = api((request) => {
      if (request.path === '/api/deck/flashcards/card-9/' && request.method === 'GET') return { body: card };
      if (request.path === '/api/deck/flashcards/card-9/' && request.method === 'PUT') return { body: card };
      if (request.path === '/api/words') return { body: { word: 'ticket', use_cases: [] } };
      return undefined;
    });
    const onClose = vi.fn();
    renderWithMe(<FlashcardModal flashcardId="card-9" onClose={onClose} />);

    expect(
      (await screen.findByRole('combobox', { name: 'flashcard.deck' })) as HTMLSelectElement,
    ).toHaveProperty('value', 'deck-2');
    expect(field('flashcard.front').value).toBe('Where can I buy a ticket?');
    expect(screen.getByRole('button', { name: 'flashcard.delete' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'flashcard.cancel' })).toBeNull();

    fireEvent.input(field('flashcard.back'), { target: { value: 'Onde posso comprar uma passagem?' } });
    fireEvent.click(screen.getByRole('button', { name: 'flashcard.save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.sent('PUT', '/api/deck/flashcards/card-9/')).toEqual([
      {
        word: 'ticket',
        front: 'Where can I buy a ticket?',
        back: 'Onde posso comprar uma passagem?',
        language: 'en',
        deck: 'deck-2',
      },
    ]);
    expect(requests.requests.some((r) => r.path === '/api/billing/feature-access/')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'flashcard.delete' }));
    expect(opened.at(-1)).toMatchObject({
      name: 'confirm-delete',
      props: { title: 'flashcard.delete.title' },
    });
  });
});
