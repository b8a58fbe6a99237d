import type { ModalName } from '@/lib/modals';
import { ChangeEmailModal } from './change-email-modal';
import { ChangePasswordModal } from './change-password-modal';
import { ChangeUsernameModal } from './change-username-modal';
import { UpdateProfileImageModal } from './update-profile-image-modal';

const MODALS = {
  'update-profile-image': UpdateProfileImageModal,
  'change-username': ChangeUsernameModal,
  'change-email': ChangeEmailModal,
  'change-password': ChangePasswordModal,
} satisfies Partial<Record<ModalName, unknown>>;

export type SettingsModalName = keyof typeof MODALS;

/** The profile modals of settings, loaded together the first time one of them opens. */
export function SettingsModal({ name, onClose }: { name: SettingsModalName; onClose: () => void }) {
  const Component = MODALS[name];
  return <Component onClose={onClose} />;
}
