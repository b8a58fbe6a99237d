import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

/** A card whose answer box appears only after "Show", as the review's does. */
function Card() {
  const [shown, setShown] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <div>
      <button type="button" onClick={() => setShown(true)}>
        Show
      </button>
      {shown && (
        <input
          aria-label="Answer"
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
      <button type="button">Other</button>
    </div>
  );
}

const settle = () => act(async () => await Promise.resolve());

describe('autoFocus', () => {
  afterEach(cleanup);

  it('focuses a field when it appears after the page has loaded', async () => {
    render(<Card />);
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Answer' }));
  });

  it('focuses it once: a later render does not take the focus back', async () => {
    render(<Card />);
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    await settle();
    const other = screen.getByRole('button', { name: 'Other' });
    other.focus();
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    await settle();
    expect(document.activeElement).toBe(other);
  });
});
