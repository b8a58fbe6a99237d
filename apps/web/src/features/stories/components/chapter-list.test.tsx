import type { ChapterSummary } from '@lendo/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForModals } from '@/lib/modals';
import { ChapterList } from './chapter-list';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
vi.mock('@/lib/i18n', () => ({ i18n: {}, currentLocale: () => 'en' }));

const chapter = (number: number): ChapterSummary => ({
  id: `chapter-${number}`,
  number,
  title: `Title ${number}`,
  title_translation: `Título ${number}`,
  pages_count: 2,
  word_count: 120,
  duration_minutes: 2,
  pages_completed: 0,
  finished: false,
});
const CHAPTERS = [chapter(1), chapter(2)];

describe('ChapterList', () => {
  afterEach(cleanup);

  it('links each chapter of a story the plan reads to its reading page', () => {
    render(
      <MemoryRouter>
        <ChapterList chapters={CHAPTERS} language="en" />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/chapter/chapter-1',
      '/chapter/chapter-2',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers Pro instead of opening a chapter of a locked story', () => {
    const onOpen = vi.fn();
    const unsubscribe = listenForModals(onOpen, () => {});
    render(
      <MemoryRouter>
        <ChapterList chapters={CHAPTERS} language="en" locked />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    unsubscribe();
    expect(onOpen.mock.calls).toEqual([[{ name: 'offer', props: { reason: 'library-locked' } }]]);
  });
});
