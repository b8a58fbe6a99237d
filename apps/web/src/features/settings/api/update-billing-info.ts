import type { BillingInfoBody, Me } from '@lendo/shared';
import { api } from '@/lib/api-client';
import { useMeMutation } from '@/lib/me';

/** The CPF may be empty ('') outside Brazil. */
export function updateBillingInfo(body: BillingInfoBody): Promise<Me> {
  return api.post<Me>('/auth/update-billing-info/', body);
}

/** Saves the full name and CPF used at checkout. */
export const useUpdateBillingInfo = () => useMeMutation(updateBillingInfo);
