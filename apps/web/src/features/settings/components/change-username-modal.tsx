import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { errorCodeOf } from '@/lib/api-client';
import { cx } from '@/lib/cx';
import { useMe } from '@/lib/me';
import { useUpdateUsername } from '../api/update-username';
import { useUsernameCheck } from '../use-username-check';
import { ModalActions } from './modal-actions';

/**
 * Change username (SPEC §4): the name is checked as it is typed; Save works only once the API has
 * accepted it. A failed save declines the name and says why in a toast.
 */
export function ChangeUsernameModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [username, setUsername] = useState(me.username);
  const { state, decline } = useUsernameCheck(username.trim(), me.username);
  const save = useUpdateUsername();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state.status !== 'accepted') return;
    const name = username.trim();
    save.mutate(name, {
      onSuccess: () => {
        toast.success(t('settings.username.saved'));
        onClose();
      },
      onError: (error) => {
        const code = errorCodeOf(error, 'profile.err-change-username');
        decline(name, code);
        toast.error(`${t('error.something-went-wrong')} ${t(code)}`);
      },
    });
  };

  const error =
    state.status === 'declined'
      ? state.code
      : state.status === 'editing'
        ? (state.ruleError ?? undefined)
        : undefined;

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={t('settings.username.title')}
      description={t('settings.username.text')}
    >
      <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-5 text-left">
        <div>
          <TextField
            label={t('settings.username.label')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            data-autofocus
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            error={error}
          />
          <p aria-live="polite" className={cx('text-sm font-medium', !error && 'mt-1.5 min-h-5')}>
            {state.status === 'editing' && state.checking && (
              <span className="flex items-center gap-1.5 text-muted">
                <Spinner className="size-4" />
                {t('settings.username.checking')}
              </span>
            )}
            {state.status === 'accepted' && (
              <span className="flex items-center gap-1.5 text-success">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('settings.username.available')}
              </span>
            )}
          </p>
        </div>
        <ModalActions
          submitLabel={t('settings.save')}
          onCancel={onClose}
          loading={save.isPending}
          disabled={state.status !== 'accepted'}
        />
      </form>
    </Modal>
  );
}
