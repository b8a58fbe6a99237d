import type { ComprehensionCheck as Check, ComprehensionResult } from '@lendo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { ComprehensionCheck } from './comprehension-check';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));

const CHECK_PATH = '/api/graded-reader/chapters/ch-1/check/';

const check = (overrides: Partial<Check> = {}): Check => ({
  chapter_id: 'ch-1',
  questions: [
    { question: 'Where does Ana live?', options: ['In Lisbon', 'In Porto', 'In Faro'] },
    { question: 'What does she buy?', options: ['Bread', 'Fish', 'Fruit'] },
    { question: 'Who calls her?', options: ['Her mother', 'Her friend', 'Her boss', 'Nobody'] },
  ],
  passed: false,
  attempts: 0,
  ...overrides,
});

function open(loaded: Check, results: ComprehensionResult[]) {
  const replies = [...results];
  const api = fakeApi((request) => {
    if (request.path !== CHECK_PATH) return undefined;
    if (request.method === 'GET') return { body: loaded };
    return { body: replies.shift() };
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ComprehensionCheck chapterId="ch-1" language="en" pathId="en-elementary" nextChapterId="ch-2" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const question = (name: RegExp) => screen.getByRole('group', { name });

describe('ComprehensionCheck', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks each question as a radio group and asks for every answer before checking', async () => {
    const api = open(check(), []);
    const first = await screen.findByRole('group', { name: /Where does Ana live/ });
    expect(within(first).getAllByRole('radio')).toHaveLength(3);
    expect(within(question(/Who calls her/)).getAllByRole('radio')).toHaveLength(4);

    fireEvent.click(within(first).getByRole('radio', { name: 'In Porto' }));
    fireEvent.click(screen.getByRole('button', { name: 'check.submit' }));

    expect(screen.getByRole('alert').textContent).toBe('check.answer-all');
    expect(document.activeElement).toBe(within(question(/What does she buy/)).getAllByRole('radio')[0]);
    expect(api.sent('POST', CHECK_PATH)).toEqual([]);
  });

  it('marks the answers, shows the right option, and leads on with the points when passed', async () => {
    const api = open(check(), [
      {
        results: [
          { correct: true, answer: 1 },
          { correct: false, answer: 2 },
          { correct: true, answer: 0 },
        ],
        score: 2,
        passed: true,
        points_awarded: 20,
      },
    ]);
    fireEvent.click(await screen.findByRole('radio', { name: 'In Porto' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bread' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Her mother' }));
    fireEvent.click(screen.getByRole('button', { name: 'check.submit' }));

    const status = await screen.findByRole('status');
    expect(api.sent('POST', CHECK_PATH)).toEqual([{ answers: [1, 0, 0] }]);
    expect(status.textContent).toContain('check.passed');
    expect(status.textContent).toContain('check.points {"count":20}');
    // Each group's name says whether it was answered right.
    expect(question(/Where does Ana live\? check\.right$/)).toBeTruthy();
    const second = question(/What does she buy\? check\.wrong$/);
    expect(within(second).getByText('Fruit').parentElement?.textContent).toContain('check.right-answer');
    expect(
      within(second)
        .getAllByRole('radio')
        .every((radio) => radio.matches(':disabled')),
    ).toBe(true);

    const links = within(status).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/chapter/ch-2',
      '/graded-reader/en-elementary',
    ]);
  });

  it('offers to try again after a fail, with fresh answers', async () => {
    const api = open(check(), [
      {
        results: [
          { correct: false, answer: 1 },
          { correct: false, answer: 2 },
          { correct: true, answer: 0 },
        ],
        score: 1,
        passed: false,
        points_awarded: 0,
      },
      {
        results: [
          { correct: true, answer: 1 },
          { correct: true, answer: 2 },
          { correct: true, answer: 0 },
        ],
        score: 3,
        passed: true,
        points_awarded: 0,
      },
    ]);
    fireEvent.click(await screen.findByRole('radio', { name: 'In Lisbon' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Bread' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Her mother' }));
    fireEvent.click(screen.getByRole('button', { name: 'check.submit' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('check.failed');
    expect(within(status).queryByRole('link')).toBeNull();
    fireEvent.click(within(status).getByRole('button', { name: 'check.try-again' }));

    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.some((radio) => radio.checked || radio.matches(':disabled'))).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'In Porto' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Fruit' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Her mother' }));
    fireEvent.click(screen.getByRole('button', { name: 'check.submit' }));

    expect((await screen.findByRole('status')).textContent).toContain('check.passed');
    // A retry after the chapter's points were paid earns none: no points line.
    expect(screen.getByRole('status').textContent).not.toContain('check.points');
    expect(api.sent('POST', CHECK_PATH)).toEqual([{ answers: [0, 0, 0] }, { answers: [1, 2, 0] }]);
  });

  it('says so when the check was passed before, without asking again', async () => {
    open(check({ passed: true, attempts: 2 }), []);
    expect(await screen.findByText('check.already-passed')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/chapter/ch-2',
      '/graded-reader/en-elementary',
    ]);
  });
});
