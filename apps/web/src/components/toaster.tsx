import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';

/** At most this many toasts are on screen at once (SPEC §9); react-hot-toast has no option for it. */
export const TOAST_LIMIT = 20;

/**
 * Toasts start below the signed-in header (its 4rem bar under the safe area), so they never cover
 * its navigation.
 */
const BELOW_HEADER = 'calc(env(safe-area-inset-top) + 4.75rem)';

/** The app's toasts, with the spec's durations set explicitly (SPEC §9). */
export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store lists the newest first: dismiss whatever is beyond the limit.
    toasts
      .filter((item) => item.visible)
      .slice(TOAST_LIMIT)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      gutter={10}
      containerStyle={{ top: BELOW_HEADER }}
      toastOptions={{
        blank: { duration: 4000 },
        error: {
          duration: 4000,
          iconTheme: { primary: 'var(--lendo-danger)', secondary: 'var(--lendo-surface)' },
        },
        custom: { duration: 4000 },
        success: {
          duration: 2000,
          iconTheme: { primary: 'var(--lendo-success)', secondary: 'var(--lendo-surface)' },
        },
        loading: { duration: Infinity },
        style: {
          background: 'var(--lendo-surface)',
          color: 'var(--lendo-ink)',
          border: '1px solid var(--lendo-border)',
          borderRadius: '14px',
          boxShadow: '0 2px 6px rgb(16 16 32 / 0.08), 0 16px 36px -16px rgb(16 16 32 / 0.35)',
          padding: '10px 14px',
          fontSize: '15px',
          fontWeight: 500,
          maxWidth: '420px',
        },
      }}
    />
  );
}
