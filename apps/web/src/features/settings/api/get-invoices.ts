import type { Invoice } from '@lendo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invoicesQueryKey } from '@/lib/billing-queries';

/** GET /billing/stripe/invoices/: the learner's invoices, newest first. */
export function getInvoices(signal?: AbortSignal): Promise<Invoice[]> {
  return api.get<Invoice[]>('/billing/stripe/invoices/', { signal });
}

export const invoicesQueryOptions = () =>
  queryOptions({ queryKey: invoicesQueryKey, queryFn: ({ signal }) => getInvoices(signal) });

/** The invoices: loading, error and data states for the page to show. */
export const useInvoices = () => useQuery(invoicesQueryOptions());
