import type { UsernameAvailability } from '@lendo/shared';
import { api } from '@/lib/api-client';

/** POST /auth/check-username/: whether a username is free, and if not, why (`code`). */
export function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return api.post<UsernameAvailability>('/auth/check-username/', { username }, { signal });
}
