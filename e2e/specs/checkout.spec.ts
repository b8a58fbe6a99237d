import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { createAccount, storeTokens } from '../support/api.ts';
import { addCard, cancelSubscription, subscribe, TEST_CARDS } from '../support/billing.ts';

/** Signs in with `country` known (as the geo lookup would have cached it). */
async function signIn(page: Page, tokens: { access: string; refresh: string }, country: string) {
  await storeTokens(page, tokens);
  await page.evaluate((value) => localStorage.setItem('country', value), country);
}

/** The card fields of the checkout (the shared card form). */
async function fillCard(scope: Locator | Page, holder: string, number: string) {
  await scope.getByLabel(/holder|titular/i).fill(holder);
  await scope.getByLabel(/card number|número/i).fill(number);
  await scope.getByLabel(/expir|validade|vencimiento/i).fill('12/34');
  await scope.getByLabel('CVC').fill('123');
}

/** The free learner's home shows locked stories; true when at least one is. */
async function lockedStoriesShown(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Recommended for you' })).toBeVisible();
  await expect(page.locator('main h3[lang="en"]').first()).toBeVisible();
  return (await page.getByText('Locked: part of the Pro plan').count()) > 0;
}

test.describe('plans and checkout', () => {
  test('a free learner subscribes with a coupon and Pro is in force at once', async ({
    page,
    request,
  }, info) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await signIn(page, tokens, 'US');
    expect(await lockedStoriesShown(page)).toBe(true);

    // Upgrade leads to the plans.
    if (info.project.name === 'phone') {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Upgrade' }).click();
    } else {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upgrade' }).click();
    }
    await expect(page).toHaveURL('/plans');
    const basic = page.getByRole('listitem', { name: 'Basic' });
    const pro = page.getByRole('listitem', { name: 'Pro' });
    await expect(basic.getByText('Current plan')).toBeVisible();
    await expect(pro.getByText('$5.99', { exact: true })).toBeVisible();
    await expect(pro.getByText('7 days free')).toBeVisible();
    // Yearly is compared with twelve months of the monthly price.
    await page.getByText('Yearly').click();
    await expect(pro.getByText('$4.99', { exact: true })).toBeVisible();
    await expect(pro.getByText('$59.90 a year (instead of $71.88)')).toBeVisible();
    await expectAccessible(page);
    await page.getByText('Monthly').click();
    await pro.getByRole('link', { name: 'Start free trial' }).click();

    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('note')).toContainText('Test mode — no real charge');
    // Outside Brazil: the full name only, no CPF.
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expect(page.getByLabel('CPF')).toHaveCount(0);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await summary.getByLabel('Coupon code').fill('NOPE');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByRole('alert')).toHaveText('Invalid coupon.');
    await summary.getByLabel('Coupon code').fill('LENDO10');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText('LENDO10: 10% off')).toBeVisible();
    await expect(summary.getByText('$5.39', { exact: true })).toBeVisible();
    await expect(summary.getByText('Due today')).toBeVisible();
    await expect(summary).toContainText('Your 7-day free trial starts today');
    await expect(summary).toContainText('renews automatically every month at $5.99');
    await expectAccessible(page);

    await page.getByLabel('Full name').fill('Ana Souza');
    await fillCard(page, 'Ana Souza', TEST_CARDS.ok);
    await page.getByRole('button', { name: 'Start 7-day free trial' }).click();

    await expect(page).toHaveURL('/?payment=success');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Pro!' });
    await expect(welcome).toContainText('The full story library');
    await welcome.getByRole('button', { name: 'Start reading' }).click();
    await expect(welcome).toBeHidden();
    await expect(page).toHaveURL('/');

    // Pro allowances: no locked story, 500 translations, and the graded reader is no longer an upsell.
    expect(await lockedStoriesShown(page)).toBe(false);
    await page.goto('/settings/subscriptions');
    await expect(page.getByRole('region', { name: 'Your plan' }).getByText('Free trial')).toBeVisible();
    await expect(page.getByText('0 of 500')).toBeVisible();
    await page.goto('/');
    const nav =
      info.project.name === 'phone'
        ? page.getByRole('navigation', { name: 'Quick access' })
        : page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Graded reader' }).click();
    await expect(page).toHaveURL('/graded-reader');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a declined card shows the processor’s message and subscribes nothing', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await signIn(page, tokens, 'US');
    await page.goto('/plans');
    await page
      .getByRole('listitem', { name: 'Premium' })
      .getByRole('link', { name: 'Start free trial' })
      .click();
    await page.getByLabel('Full name').fill('Ana Souza');
    await fillCard(page, 'Ana Souza', TEST_CARDS.declined);
    await page.getByRole('button', { name: 'Start 7-day free trial' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\//);
    // A wrong number is caught before it is sent.
    await page.getByLabel(/card number/i).fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Start 7-day free trial' }).click();
    await expect(page.getByText('Check the card number.')).toBeVisible();
    const subscription = await (
      await request.get('/api/billing/subscription/', {
        headers: { authorization: `Bearer ${tokens.access}` },
      })
    ).json();
    expect(subscription).toMatchObject({ status: 'free', has_access: false });
  });

  test('em português, no Brasil: nome e CPF, cupom do link e pagamento sem teste com um cartão salvo', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true, locale: 'pt' });
    // The trial is used up: the next plan is charged at once.
    await subscribe(request, tokens.access, { country: 'BR', cpf: '52998224725' });
    await cancelSubscription(request, tokens.access);
    await addCard(request, tokens.access, { holder: 'Ana Souza', setAsDefault: true });
    await signIn(page, tokens, 'BR');
    await page.goto('/plans');
    const pro = page.getByRole('listitem', { name: 'Pro' });
    await expect(pro.getByText(/^R\$\s29,90$/)).toBeVisible();
    await expect(pro.getByText('7 dias grátis')).toHaveCount(0);
    await pro.getByRole('link', { name: 'Assinar o Pro' }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
    const checkout = page.url();
    await page.goto(`${checkout}?coupon=LENDO10`);

    const summary = page.getByRole('complementary', { name: 'Resumo do pedido' });
    await expect(summary.getByText('LENDO10: 10% de desconto')).toBeVisible();
    await expect(summary.getByText(/^R\$\s26,91$/)).toBeVisible();
    await expect(summary.getByText('A pagar hoje')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /Visa •••• 4242 Ana Souza Padrão/ })).toBeChecked();
    await expectAccessible(page);

    // In Brazil the CPF is required, with valid check digits.
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('CPF').fill('123.456.789-00');
    await page.getByRole('button', { name: /^Pagar R\$\s26,91$/ }).click();
    await expect(page.getByText('CPF inválido.')).toBeVisible();
    await page.getByLabel('CPF').fill('52998224725');
    await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
    await page.getByRole('button', { name: /^Pagar R\$\s26,91$/ }).click();

    await expect(page).toHaveURL('/?payment=success');
    const welcome = page.getByRole('dialog', { name: 'Bem-vindo ao Pro!' });
    await welcome.getByRole('button', { name: 'Começar a ler' }).click();
    const invoices = await (
      await request.get('/api/billing/stripe/invoices/', {
        headers: { authorization: `Bearer ${tokens.access}` },
      })
    ).json();
    expect(invoices[0]).toMatchObject({ total: 2691, currency: 'BRL', status: 'paid' });

    // Canceled, the paid plan runs to the end of its period and is reactivated from the plans.
    await cancelSubscription(request, tokens.access);
    await page.goto('/plans');
    await pro.getByRole('button', { name: 'Reativar' }).click();
    await expect(page.getByText('Sua assinatura voltou a renovar.')).toBeVisible();
    await expect(pro.getByRole('button', { name: 'Seu plano' })).toBeDisabled();
  });

  test('en español: la oferta cuenta atrás y lleva al pago con su cupón', async ({ page, request }) => {
    const { tokens } = await createAccount(request, { onboarded: true, locale: 'es' });
    await signIn(page, tokens, 'AR');
    await page.goto('/');
    await page.getByRole('button', { name: 'Lector graduado' }).filter({ visible: true }).first().click();
    const offer = page.getByRole('dialog');
    await expect(offer.getByText('20% de descuento en Pro')).toBeVisible();
    const timer = offer.getByRole('timer');
    await expect(timer).toHaveAccessibleName(/^Tiempo restante: 4[78]:\d\d:\d\d$/);
    const first = await timer.getAttribute('aria-label');
    await expect(timer).not.toHaveAttribute('aria-label', first!);
    await expectAccessible(page);
    await offer.getByRole('link', { name: 'Aprovechar esta oferta' }).click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}\?coupon=/);
    await expect(page.getByText(/: 20% de descuento$/)).toBeVisible();
    await expect(page.getByLabel('CPF')).toHaveCount(0);
  });

  test('premium studies several languages and switches the library between them', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await subscribe(request, tokens.access, { tier: 'premium' });
    await signIn(page, tokens, 'US');
    await page.goto('/settings/profile');
    const languages = page.getByRole('region', { name: 'Languages you study' });
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeChecked();
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeDisabled();
    // Checked before the toast: its fade-in is not a contrast the learner reads.
    await expectAccessible(page);
    await languages.getByRole('checkbox', { name: 'Portuguese' }).click();
    await expect(page.getByText('Languages updated.')).toBeVisible();
    await expect(languages.getByRole('checkbox', { name: 'Portuguese' })).toBeChecked();
    await expect(languages.getByRole('checkbox', { name: 'English' })).toBeEnabled();

    await page.goto('/');
    const shown = page.getByRole('group', { name: 'Library language' });
    await expect(shown.getByRole('radio', { name: 'English' })).toBeChecked();
    // The stories shown are in the library language chosen: their titles say so.
    await expect(page.locator('main h3[lang="en"]').first()).toBeVisible();
    await shown.getByText('Portuguese').click();
    await expect(shown.getByRole('radio', { name: 'Portuguese' })).toBeChecked();
    await expect(page.locator('main h3[lang="pt"]').first()).toBeVisible();
    await expect(page.locator('main h3[lang="en"]')).toHaveCount(0);
  });

  test('basic studies one language: changing it is allowed, several are offered with Premium', async ({
    page,
    request,
  }) => {
    const { tokens } = await createAccount(request, { onboarded: true });
    await signIn(page, tokens, 'US');
    await page.goto('/settings/profile');
    const languages = page.getByRole('region', { name: 'Languages you study' });
    await expect(languages).toContainText('Studying several languages at once is part of Premium.');
    await languages.getByText('Spanish').click();
    await expect(page.getByText('Languages updated.')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Library language' })).toHaveCount(0);
    await expect(page.getByText('El príncipe rana').first()).toBeVisible();
  });
});
