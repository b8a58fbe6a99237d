import type { Me, UpdateAvatarBody } from '@lendo/shared';
import { api } from '@/lib/api-client';
import { useMeMutation } from '@/lib/me';

export function updateAvatar(body: UpdateAvatarBody): Promise<Me> {
  return api.post<Me>('/auth/update-avatar/', body);
}

/** Uploads a new profile image; the answer is the user with its new avatar_url. */
export const useUpdateAvatar = () => useMeMutation(updateAvatar);
