import type { Me, UpdateUserBody } from '@lendo/shared';
import { api } from '@/lib/api-client';
import { useMeMutation } from '@/lib/me';

export function updateUser(body: UpdateUserBody): Promise<Me> {
  return api.put<Me>('/auth/update-user/', body);
}

/**
 * Saves profile fields: the interface language at once; a new email stays pending (me.pending_email)
 * until the link mailed to it is opened.
 */
export const useUpdateUser = () => useMeMutation(updateUser);
