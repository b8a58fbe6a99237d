import type { BillingInfoBody, Me } from '@lendo/shared';
import { api } from './api-client';
import { useMeMutation } from './me';

/** The CPF may be empty ('') outside Brazil. */
export function updateBillingInfo(body: BillingInfoBody): Promise<Me> {
  return api.post<Me>('/auth/update-billing-info/', body);
}

/** Saves the full name and CPF used at checkout. */
export const useUpdateBillingInfo = () => useMeMutation(updateBillingInfo);
