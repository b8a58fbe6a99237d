import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { listenForModals, type ModalRequest } from '@/lib/modals';

/**
 * For a describe block of modal tests: collects the modals the component opens (cleared before each
 * test), silences console.error, and cleans up the DOM, stubbed globals and mocks after each test.
 */
export function recordOpenedModals(): ModalRequest[] {
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
  return opened;
}
