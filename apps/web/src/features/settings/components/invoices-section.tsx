import type { Invoice } from '@lendo/shared';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '@/components/badge';
import { InlineRetry } from '@/components/inline-retry';
import { Skeleton } from '@/components/skeleton';
import { formatShortDay } from '@/lib/dates';
import { currentLocale } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { useInvoices } from '../api/get-invoices';
import { SettingsSection } from './settings-section';

const STATUS_TONES: Record<Invoice['status'], BadgeTone> = {
  paid: 'success',
  open: 'brand',
  failed: 'danger',
  void: 'muted',
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "Mar 4 – Apr 4, 2026": the period an invoice pays for, in the interface language. */
function periodText(invoice: Invoice, locale: string): string | null {
  if (!invoice.period_start || !invoice.period_end) return null;
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return format.formatRange(new Date(invoice.period_start), new Date(invoice.period_end));
}

/**
 * What an invoice pays for, in the interface language (never the API's English `description`):
 * "Pro plan, monthly" and its period.
 */
export function invoiceDescription(invoice: Invoice, t: Translate, locale: string) {
  const title =
    invoice.plan_tier && invoice.interval
      ? t('settings.invoices.plan', {
          plan: t(`settings.plan.${invoice.plan_tier}`),
          interval: t(`settings.invoices.interval.${invoice.interval}`),
        })
      : t('settings.invoices.other');
  return { title, period: periodText(invoice, locale) };
}

function InvoiceStatus({ status }: { status: Invoice['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`settings.invoices.status.${status}`)}</Badge>;
}

function Total({ invoice, locale }: { invoice: Invoice; locale: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="font-semibold tabular-nums">
        {formatMoney(invoice.total, invoice.currency, locale)}
      </span>
      {invoice.discount > 0 && (
        <span className="block text-xs text-success">
          {t('settings.invoices.discount', {
            amount: formatMoney(invoice.discount, invoice.currency, locale),
          })}
        </span>
      )}
    </>
  );
}

/** Billing › invoices (SPEC §2): a table from 640 px, a stacked list on phones. */
export function InvoicesSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const invoices = useInvoices();

  let body;
  if (invoices.isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 rounded-field" />
        ))}
      </div>
    );
  } else if (invoices.isError) {
    body = (
      <InlineRetry message={t('settings.invoices.load-error')} onRetry={() => void invoices.refetch()} />
    );
  } else if (invoices.data.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-card border border-dashed border-line-strong px-4 py-8 text-center">
        <span className="grid size-12 place-items-center rounded-2xl bg-surface-muted text-muted">
          <ReceiptText aria-hidden="true" className="size-6" />
        </span>
        <div>
          <p className="font-semibold">{t('settings.invoices.empty')}</p>
          <p className="mt-1 text-sm text-pretty text-muted">{t('settings.invoices.empty-text')}</p>
        </div>
      </div>
    );
  } else {
    const rows = invoices.data.map((invoice) => ({
      invoice,
      date: formatShortDay(invoice.date, locale),
      ...invoiceDescription(invoice, t, locale),
    }));
    body = (
      <>
        <table className="w-full text-left text-sm max-sm:hidden">
          <thead className="text-xs font-semibold text-muted">
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('settings.invoices.date')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('settings.invoices.description')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                {t('settings.invoices.total')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('settings.invoices.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ invoice, date, title, period }) => (
              <tr key={invoice.id} className="border-b border-line last:border-b-0">
                <td className="py-3 pr-4 whitespace-nowrap tabular-nums">{date}</td>
                <td className="py-3 pr-4">
                  <span className="font-medium">{title}</span>
                  {period && <span className="block text-xs text-muted">{period}</span>}
                </td>
                <td className="py-3 pr-4 text-right whitespace-nowrap">
                  <Total invoice={invoice} locale={locale} />
                </td>
                <td className="py-3 text-right">
                  <InvoiceStatus status={invoice.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="grid sm:hidden">
          {rows.map(({ invoice, date, title, period }) => (
            <li
              key={invoice.id}
              className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-line py-3.5 first:border-t-0 first:pt-0 last:pb-0"
            >
              <span className="font-medium">{title}</span>
              <span className="text-right">
                <Total invoice={invoice} locale={locale} />
              </span>
              <span className="text-sm text-muted">
                {date}
                {period && <span className="block text-xs">{period}</span>}
              </span>
              <span className="text-right">
                <InvoiceStatus status={invoice.status} />
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <SettingsSection title={t('settings.invoices.section')} description={t('settings.invoices.text')}>
      {body}
    </SettingsSection>
  );
}
