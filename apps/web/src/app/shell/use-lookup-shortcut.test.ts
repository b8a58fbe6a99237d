import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenForModals } from '@/lib/modals';
import { useLookupShortcut } from './use-lookup-shortcut';

const press = (target: Element, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('the "/" shortcut', () => {
  const onOpen = vi.fn();
  let stopListening: () => void = () => undefined;

  beforeEach(() => {
    onOpen.mockReset();
    stopListening = listenForModals(onOpen, () => undefined);
    renderHook(() => useLookupShortcut());
  });

  afterEach(() => {
    stopListening();
    document.body.innerHTML = '';
  });

  it('opens the word lookup from the page', () => {
    const event = press(document.body);
    expect(onOpen).toHaveBeenCalledWith({ name: 'word-lookup', props: {} });
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves "/" alone in text fields, with modifier keys, and while a dialog is open', () => {
    const input = document.body.appendChild(document.createElement('input'));
    const editor = document.body.appendChild(document.createElement('div'));
    editor.setAttribute('contenteditable', 'true');
    press(input);
    press(editor);
    press(document.body, { ctrlKey: true });
    expect(onOpen).not.toHaveBeenCalled();

    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    const button = dialog.appendChild(document.createElement('button'));
    expect(press(button).defaultPrevented).toBe(false);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
