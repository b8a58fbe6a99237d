import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ConfirmDeleteModal } from './confirm-delete-modal';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

/** A promise the test settles when it wants to. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDeleteModal', () => {
  afterEach(cleanup);

  it('spins while the deletion runs and closes when it succeeds', async () => {
    const run = deferred();
    const onClose = vi.fn();
    render(
      <ConfirmDeleteModal
        title="Delete deck?"
        content="Its cards go too."
        confirmText="Delete deck"
        onConfirm={() => run.promise}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete deck?' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Delete deck' });

    fireEvent.click(confirm);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'modal.confirm-delete.cancel' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.keyDown(confirm, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    run.resolve();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open and shows the error when the deletion fails, and can be tried again', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Last deck', 409, 'decks.last-deck'))
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    render(<ConfirmDeleteModal title="Delete?" content="Sure?" onConfirm={onConfirm} onClose={onClose} />);

    fireEvent.click(screen.getByRole('button', { name: 'modal.confirm-delete.confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('decks.last-deck');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'modal.confirm-delete.confirm' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes without deleting on cancel, and draws the title in red when dangerous', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDeleteModal
        title="Delete account"
        content="x"
        danger
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Delete account' }).className).toContain('text-danger');

    fireEvent.click(screen.getByRole('button', { name: 'modal.confirm-delete.cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
