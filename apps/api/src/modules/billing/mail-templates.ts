import type { Currency, Locale } from '@lendo/shared';
import { compose, type MailText } from '../auth/mail-templates.ts';

/** Mails about money: a failed renewal (and when it is retried), a receipt, a plan ended unpaid. */

const INTL_LOCALE: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

interface Context {
  locale: string;
  appUrl: string;
  planName: string;
}
const localeOf = (context: Context): Locale =>
  context.locale === 'en' || context.locale === 'es' ? context.locale : 'pt';
const money = (locale: Locale, amount: number, currency: Currency) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency }).format(amount / 100);
const day = (locale: Locale, at: Date) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(at);

type Texts = (values: { plan: string; amount: string; date: string }) => MailText;

const FAILED: Record<Locale, Texts> = {
  pt: ({ plan, amount, date }) => ({
    subject: 'Não conseguimos cobrar sua assinatura do Lendo',
    intro: `A cobrança de ${amount} do plano ${plan} foi recusada pelo seu cartão. Vamos tentar de novo em ${date}.`,
    action: 'Atualizar forma de pagamento',
    outro:
      'Enquanto isso, seu plano continua ativo. Se o pagamento não for aprovado, a assinatura será cancelada.',
  }),
  en: ({ plan, amount, date }) => ({
    subject: 'We could not charge your Lendo subscription',
    intro: `Your card declined the ${amount} charge for the ${plan} plan. We will try again on ${date}.`,
    action: 'Update your payment method',
    outro:
      'Your plan stays active meanwhile. If the payment does not go through, the subscription will be canceled.',
  }),
  es: ({ plan, amount, date }) => ({
    subject: 'No pudimos cobrar tu suscripción de Lendo',
    intro: `Tu tarjeta rechazó el cobro de ${amount} del plan ${plan}. Lo intentaremos de nuevo el ${date}.`,
    action: 'Actualizar forma de pago',
    outro: 'Mientras tanto, tu plan sigue activo. Si el pago no se aprueba, la suscripción se cancelará.',
  }),
};

const RECEIVED: Record<Locale, Texts> = {
  pt: ({ plan, amount, date }) => ({
    subject: 'Recebemos seu pagamento do Lendo',
    intro: `Cobramos ${amount} pelo plano ${plan}. Sua assinatura está ativa até ${date}.`,
    action: 'Ver faturas',
    outro: 'Obrigado por ler com o Lendo.',
  }),
  en: ({ plan, amount, date }) => ({
    subject: 'We received your Lendo payment',
    intro: `We charged ${amount} for the ${plan} plan. Your subscription is active until ${date}.`,
    action: 'See invoices',
    outro: 'Thank you for reading with Lendo.',
  }),
  es: ({ plan, amount, date }) => ({
    subject: 'Recibimos tu pago de Lendo',
    intro: `Cobramos ${amount} por el plan ${plan}. Tu suscripción está activa hasta el ${date}.`,
    action: 'Ver facturas',
    outro: 'Gracias por leer con Lendo.',
  }),
};

const CANCELED: Record<Locale, Texts> = {
  pt: ({ plan }) => ({
    subject: 'Sua assinatura do Lendo foi cancelada',
    intro: `Tentamos cobrar o plano ${plan} várias vezes sem sucesso, então a assinatura foi cancelada. Seus baralhos, cartões e leituras continuam salvos no plano gratuito.`,
    action: 'Assinar de novo',
    outro: 'Você pode voltar quando quiser.',
  }),
  en: ({ plan }) => ({
    subject: 'Your Lendo subscription was canceled',
    intro: `We tried to charge the ${plan} plan several times without success, so the subscription was canceled. Your decks, cards and reading stay saved on the free plan.`,
    action: 'Subscribe again',
    outro: 'You can come back whenever you like.',
  }),
  es: ({ plan }) => ({
    subject: 'Tu suscripción de Lendo fue cancelada',
    intro: `Intentamos cobrar el plan ${plan} varias veces sin éxito, así que la suscripción fue cancelada. Tus mazos, tarjetas y lecturas siguen guardados en el plan gratuito.`,
    action: 'Suscribirte de nuevo',
    outro: 'Puedes volver cuando quieras.',
  }),
};

export const billingMail = {
  paymentFailed(context: Context & { retryAt: Date; amount: number; currency: Currency }) {
    const locale = localeOf(context);
    const text = FAILED[locale]({
      plan: context.planName,
      amount: money(locale, context.amount, context.currency),
      date: day(locale, context.retryAt),
    });
    const { to: _, ...mail } = compose('', text, { link: `${context.appUrl}/settings/billing` });
    return mail;
  },
  paymentReceived(context: Context & { amount: number; currency: Currency; periodEnd: Date }) {
    const locale = localeOf(context);
    const text = RECEIVED[locale]({
      plan: context.planName,
      amount: money(locale, context.amount, context.currency),
      date: day(locale, context.periodEnd),
    });
    const { to: _, ...mail } = compose('', text, { link: `${context.appUrl}/settings/billing` });
    return mail;
  },
  canceledUnpaid(context: Context) {
    const locale = localeOf(context);
    const text = CANCELED[locale]({ plan: context.planName, amount: '', date: '' });
    const { to: _, ...mail } = compose('', text, { link: `${context.appUrl}/plans` });
    return mail;
  },
};
