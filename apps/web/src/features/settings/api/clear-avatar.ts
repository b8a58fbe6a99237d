import type { Me } from '@lendo/shared';
import { api } from '@/lib/api-client';
import { useMeMutation } from '@/lib/me';

export function clearAvatar(): Promise<Me> {
  return api.post<Me>('/auth/clear-avatar/');
}

/** Removes the profile image. */
export const useClearAvatar = () => useMeMutation(clearAvatar);
