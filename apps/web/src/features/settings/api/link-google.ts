import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Where to send the browser to link a Google account; it comes back to /settings/profile. */
export function linkGoogle(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/auth/google/link/');
}

export function useLinkGoogle() {
  return useMutation({
    mutationFn: linkGoogle,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
