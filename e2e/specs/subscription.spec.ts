import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';
import { cancelSubscription, subscribe, TEST_CARDS } from '../support/billing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day as the app writes it in full, in the browser's time zone (the config's America/Sao_Paulo). */
const fullDay = (iso: string | number, locale = 'en') =>
  new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));

async function openSubscription(page: Page, tokens: { access: string; refresh: string }) {
  await storeTokens(page, tokens);
  await page.goto('/settings/subscriptions');
}

/** The card entry of the add-card modal (the shared card form): holder name, number, expiry, CVC. */
async function fillCard(dialog: Locator, holder: string, number: string) {
  await dialog.getByLabel(/holder|titular/i).fill(holder);
  await dialog.getByLabel(/card number|número/i).fill(number);
  const expiry = dialog.getByLabel(/expir|validade|vencimiento/i);
  if (await expiry.count()) await expiry.first().fill('12/34');
  const cvc = dialog.getByLabel(/cvc|cvv|security|segurança|seguridad/i);
  if (await cvc.count()) await cvc.first().fill('123');
}

test.describe('settings › subscription', () => {
  test('a trial is extended by 7 days, then canceled with a reason', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    const { subscription } = await subscribe(request, tokens.access);
    expect(subscription.status).toBe('trial');
    const trialEnd = subscription.trial_end_at!;

    await openSubscription(page, tokens);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan.getByText('Pro', { exact: true })).toBeVisible();
    await expect(plan.getByText('Free trial')).toBeVisible();
    await expect(plan.getByText(`Trial ends on ${fullDay(trialEnd)}`)).toBeVisible();
    await expect(plan.getByText('Visa •••• 4242')).toBeVisible();
    await expect(plan.getByRole('link', { name: 'More plans' })).toHaveAttribute('href', '/plans');
    await expectAccessible(page);

    // The retention offer: 7 more days of trial.
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const options = page.getByRole('dialog', { name: 'Before you go' });
    await expect(options.getByRole('heading', { name: 'Extend your trial by 7 days' })).toBeVisible();
    await expectAccessible(page);
    await options.getByRole('button', { name: 'Extend my trial' }).click();
    const extended = page.getByRole('dialog', { name: 'Your trial is extended' });
    const newEnd = fullDay(new Date(trialEnd).getTime() + 7 * DAY_MS);
    await expect(extended).toContainText(`Enjoy Pro for free until ${newEnd}.`);
    await expectAccessible(page);
    await extended.getByRole('button', { name: 'Got it' }).click();
    await expect(plan.getByText(`Trial ends on ${newEnd}`)).toBeVisible();

    // Canceling again: the extension is used, so straight on to the reason.
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(options.getByRole('button', { name: 'Cancel anyway' })).toBeVisible();
    await expect(options.getByRole('button', { name: 'Extend my trial' })).toHaveCount(0);
    await options.getByRole('button', { name: 'Cancel anyway' }).click();
    const reason = page.getByRole('dialog', { name: 'Why are you canceling?' });
    await reason.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(reason.getByText('Choose a reason.')).toBeVisible();
    await expectAccessible(page);
    await reason.getByRole('radio', { name: "I don't use it enough" }).check();
    await reason.getByLabel('Anything else to tell us? (optional)').fill('Back after the holidays.');
    await reason.getByRole('button', { name: 'Cancel subscription' }).click();

    const canceled = page.getByRole('dialog', { name: 'Your trial is canceled' });
    await expect(canceled).toContainText("You're back on the Basic plan");
    await canceled.getByRole('button', { name: 'Got it' }).click();
    await expect(plan.getByText('Basic (free)')).toBeVisible();
    await expect(plan.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/plans');
    await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  });

  test('in Portuguese: a paid plan is canceled, then reactivated from the event modal', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true, locale: 'pt' });
    // The first subscription's trial is used up: the second one is charged at once.
    await subscribe(request, tokens.access);
    await cancelSubscription(request, tokens.access);
    const { subscription } = await subscribe(request, tokens.access);
    expect(subscription.status).toBe('active');
    const periodEnd = subscription.current_period_end!;

    await openSubscription(page, tokens);
    const plan = page.getByRole('region', { name: 'Seu plano' });
    await expect(plan.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(plan.getByText(`Renova em ${fullDay(periodEnd, 'pt')}`)).toBeVisible();
    await expect(plan.getByText(/^US\$\s5,99$/)).toBeVisible();
    await expectAccessible(page);

    await plan.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const options = page.getByRole('dialog', { name: 'Antes de você ir' });
    await expect(
      options.getByRole('heading', { name: 'Ganhe 10% de desconto no próximo mês' }),
    ).toBeVisible();
    await options.getByRole('button', { name: 'Cancelar mesmo assim' }).click();
    const reason = page.getByRole('dialog', { name: 'Por que você está cancelando?' });
    await reason.getByRole('radio', { name: 'Está caro demais' }).check();
    await reason.getByRole('button', { name: 'Cancelar assinatura' }).click();

    const canceled = page.getByRole('dialog', { name: 'Sua assinatura foi cancelada' });
    await expect(canceled).toContainText(`Você continua com o Pro até ${fullDay(periodEnd, 'pt')}`);
    await expectAccessible(page);
    await canceled.getByRole('button', { name: 'Reativar' }).click();

    const reactivated = page.getByRole('dialog', { name: 'Que bom ter você de volta!' });
    await expect(reactivated).toContainText(`renova em ${fullDay(periodEnd, 'pt')}`);
    await reactivated.getByRole('button', { name: 'Entendi' }).click();
    await expect(plan.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(plan.getByText(`Renova em ${fullDay(periodEnd, 'pt')}`)).toBeVisible();
  });

  test('a canceled paid plan shows "valid until" and is reactivated from the page', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await subscribe(request, tokens.access);
    await cancelSubscription(request, tokens.access);
    const { subscription } = await subscribe(request, tokens.access);
    await cancelSubscription(request, tokens.access, 'too_expensive');
    const periodEnd = subscription.current_period_end!;

    await openSubscription(page, tokens);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await expect(plan.getByText('Canceled', { exact: true })).toBeVisible();
    await expect(plan.getByText(`Valid until ${fullDay(periodEnd)}`)).toBeVisible();
    await expectAccessible(page);
    await plan.getByRole('button', { name: 'Reactivate' }).click();
    const reactivated = page.getByRole('dialog', { name: 'Welcome back!' });
    await expect(reactivated).toBeVisible();
    await reactivated.getByRole('button', { name: 'Got it' }).click();
    await expect(plan.getByText(`Renews on ${fullDay(periodEnd)}`)).toBeVisible();
  });

  test('change to annual shows the yearly price, then the plan renews yearly', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await subscribe(request, tokens.access);

    await openSubscription(page, tokens);
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByRole('button', { name: 'Change to annual' }).click();
    const annual = page.getByRole('dialog', { name: 'Change to annual billing' });
    await expect(annual.getByText(/^\$[\d.]+ per year$/)).toBeVisible();
    await expectAccessible(page);
    await annual.getByRole('button', { name: 'Change to annual' }).click();
    const done = page.getByRole('dialog', { name: "You're on annual billing" });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Got it' }).click();
    await expect(plan.getByText('per year', { exact: true })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Change to annual' })).toHaveCount(0);
  });
});

test.describe('settings › billing', () => {
  test('in Spanish: cards are listed, a card paying the plan cannot go alone, a new one replaces it', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true, locale: 'es' });
    await subscribe(request, tokens.access, { holder: 'Ana Souza' });
    await storeTokens(page, tokens);
    await page.goto('/settings/billing');

    const cards = page.getByRole('region', { name: 'Métodos de pago' });
    const first = cards.getByRole('listitem').filter({ hasText: 'Ana Souza' });
    await expect(first.getByText('Visa •••• 4242')).toBeVisible();
    await expect(first.getByText('Predeterminada', { exact: true })).toBeVisible();
    const invoices = page.getByRole('region', { name: 'Facturas' });
    await expect(invoices.getByText('Plan Pro, mensual').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(page);

    // The only card paying a live subscription stays.
    await first.getByRole('button', { name: 'Eliminar: Visa •••• 4242' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar esta tarjeta?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(
      'Esta tarjeta paga tu suscripción. Agrega otra tarjeta antes de eliminarla.',
    );
    await confirm.getByRole('button', { name: 'Cancelar' }).click();

    // A second card, added in the modal, made the default, then the old one removed.
    await cards.getByRole('button', { name: 'Agregar tarjeta' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar tarjeta' });
    await fillCard(add, 'María López', TEST_CARDS.ok);
    await add.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await expect(add).toBeHidden();
    const second = cards.getByRole('listitem').filter({ hasText: 'María López' });
    await second.getByRole('button', { name: 'Hacer predeterminada: Visa •••• 4242' }).click();
    await expect(second.getByText('Predeterminada', { exact: true })).toBeVisible();
    await expect(first.getByText('Predeterminada', { exact: true })).toHaveCount(0);
    await first.getByRole('button', { name: 'Eliminar: Visa •••• 4242' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm).toBeHidden();
    await expect(first).toHaveCount(0);
    await expect(cards.getByRole('listitem')).toHaveCount(1);

    // The subscription page names the new default card... the card paying it.
    await page.goto('/settings/subscriptions');
    await expect(page.getByRole('region', { name: 'Tu plan' }).getByText('Visa •••• 4242')).toBeVisible();
  });

  test('a card is edited: holder name and expiry', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await subscribe(request, tokens.access, { holder: 'Ana Souza' });
    await storeTokens(page, tokens);
    await page.goto('/settings/billing');
    const cards = page.getByRole('region', { name: 'Payment methods' });
    await cards.getByRole('button', { name: 'Edit: Visa •••• 4242' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit card' });
    await dialog.getByLabel('Card-holder name').fill('Ana M. Souza');
    await dialog.getByLabel('Expiry date (MM/YY)').fill('13/40');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText("The card's expiry date is not valid.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Expiry date (MM/YY)').fill('0941');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(cards.getByText('Expires 09/2041 · Ana M. Souza')).toBeVisible();
  });

  test('the add-card modal saves a card and says why a declined one is refused', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await storeTokens(page, tokens);
    await page.goto('/settings/billing');
    const cards = page.getByRole('region', { name: 'Payment methods' });
    await expect(cards.getByText('No cards saved')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invoices' }).getByText('No invoices yet')).toBeVisible();
    await expectAccessible(page);

    await cards.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await fillCard(dialog, 'Ana Souza', TEST_CARDS.declined);
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expectAccessible(page);

    await fillCard(dialog, 'Ana Souza', TEST_CARDS.ok);
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();
    const card = cards.getByRole('listitem').filter({ hasText: 'Visa •••• 4242' });
    await expect(card.getByText('Default', { exact: true })).toBeVisible();
  });
});
