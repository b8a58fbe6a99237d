import type { Me } from '@lendo/shared';
import { api } from '@/lib/api-client';
import { useMeMutation } from '@/lib/me';

export function updateUsername(username: string): Promise<Me> {
  return api.post<Me>('/auth/update-username/', { username });
}

/** Saves a new username (409 profile.username-taken, 400 profile.username-offensive). */
export const useUpdateUsername = () => useMeMutation(updateUsername);
