import { afterAll, describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';
import { startSmtpServer, type ReceivedMail } from './smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { app, clock } = await build({ SMTP_URL: smtp.url, APP_URL: 'https://lendo.test' });

const updateUser = (tokens: { access: string }, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/update-user/', headers: bearer(tokens), payload });
const confirm = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: { token } });
const me = async (tokens: { access: string }) =>
  (await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) })).json();
const signin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password } });

/** Takes the mail to `address` out of the inbox (waiting for it), so the next one can be awaited. */
async function takeMail(address: string, containing = ''): Promise<ReceivedMail> {
  const mail = await smtp.mailTo(address, { containing });
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  return mail;
}
/** A new account, its sign-up mail (the link verifying its address) taken out of the inbox. */
async function newAccount(overrides: Parameters<typeof signup>[1] = {}) {
  const account = await signup(app, overrides);
  await takeMail(account.body.email);
  return account;
}
const linkToken = (mail: ReceivedMail) => {
  const link = mail.raw.match(/https:\/\/lendo\.test\/confirm-email\?token=[\w%-]+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
};

describe('email change', () => {
  it('mails a link to the new address, tells the old one, and changes on the link once', async () => {
    const { body, tokens } = await newAccount();
    const res = await updateUser(tokens, { email: 'New.Address@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: body.email, pending_email: 'new.address@example.com' });

    const token = linkToken(await takeMail('new.address@example.com'));
    const notice = await takeMail(body.email);
    expect(notice.raw).toContain('new.address@example.com');
    expect(notice.raw).not.toContain('confirm-email');

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(await me(tokens)).toMatchObject({
      email: 'new.address@example.com',
      email_verified: true,
      pending_email: null,
    });
    const changed = await takeMail(body.email);
    expect(changed.raw).toContain('new.address@example.com');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'Invalid or expired email confirmation link.',
      code: 'profile.invalid-email-link',
      fields: { token: 'profile.invalid-email-link' },
    });
    expect((await signin('new.address@example.com', body.password)).statusCode).toBe(200);
    expect((await signin(body.email, body.password)).statusCode).toBe(401);
  });

  it('writes the mails in the account language', async () => {
    const { body, tokens } = await newAccount({ locale: 'es' });
    await updateUser(tokens, { email: 'nuevo@example.com' });
    expect((await takeMail('nuevo@example.com')).raw).toContain('Confirma tu nuevo correo');
    expect((await takeMail(body.email)).raw).toContain('Solicitud de cambio de correo');
  });

  it("refuses another account's address and changes nothing else", async () => {
    const other = await newAccount();
    const { body, tokens } = await newAccount();
    const res = await updateUser(tokens, { email: other.body.email.toUpperCase(), locale: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'An account with this email already exists.',
      code: 'error.email-in-use',
      fields: { email: 'error.email-in-use' },
    });
    expect(await me(tokens)).toMatchObject({ email: body.email, pending_email: null, locale: 'pt' });
  });

  it('rejects a malformed address', async () => {
    const { tokens } = await newAccount();
    const res = await updateUser(tokens, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: 'profile.invalid-email' });
  });

  it('keeps only the latest request: an earlier link stops working', async () => {
    const { tokens } = await newAccount();
    await updateUser(tokens, { email: 'first@example.com' });
    const first = linkToken(await takeMail('first@example.com'));
    await updateUser(tokens, { email: 'second@example.com' });
    const second = linkToken(await takeMail('second@example.com'));
    expect((await me(tokens)).pending_email).toBe('second@example.com');
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await me(tokens)).email).toBe('second@example.com');
  });

  it('cancels a pending change when given the current address back', async () => {
    const { body, tokens } = await newAccount();
    await updateUser(tokens, { email: 'maybe@example.com' });
    const token = linkToken(await takeMail('maybe@example.com'));
    const res = await updateUser(tokens, { email: body.email });
    expect(res.json()).toMatchObject({ email: body.email, pending_email: null });
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses the link when the address was taken meanwhile', async () => {
    const { body, tokens } = await newAccount();
    await updateUser(tokens, { email: 'contested@example.com' });
    const token = linkToken(await takeMail('contested@example.com'));
    await newAccount({ email: 'contested@example.com' });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('error.email-in-use');
    expect((await me(tokens)).email).toBe(body.email);
  });

  it('rejects a made-up token and a link opened after 24 hours', async () => {
    expect((await confirm('made-up')).json().code).toBe('profile.invalid-email-link');
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/confirm-email/', payload: {} })).json(),
    ).toMatchObject({
      code: 'profile.invalid-email-link',
    });
    const { body, tokens } = await newAccount();
    await updateUser(tokens, { email: 'late@example.com' });
    const token = linkToken(await takeMail('late@example.com'));
    clock.advance(25 * 60 * 60 * 1000);
    expect((await confirm(token)).json().code).toBe('profile.invalid-email-link');
    const fresh = (await signin(body.email, body.password)).json();
    expect(await me(fresh)).toMatchObject({ email: body.email, pending_email: null });
  });
});

describe('email verification', () => {
  it('mails a link at sign-up; opening it verifies the address, with nothing pending', async () => {
    const { body, tokens } = await signup(app, { locale: 'pt' });
    expect(await me(tokens)).toMatchObject({ email_verified: false, pending_email: null });
    const mail = await takeMail(body.email);
    expect(mail.raw).toContain('Boas-vindas ao Lendo');
    expect((await confirm(linkToken(mail))).statusCode).toBe(200);
    expect(await me(tokens)).toMatchObject({ email: body.email, email_verified: true, pending_email: null });
    // No "your email changed" notice for a verification.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.some((m) => m.to.includes(body.email))).toBe(false);
  });

  it('sends a new link on request, limited, and refuses once verified', async () => {
    const { body, tokens } = await newAccount();
    const resend = () =>
      app.inject({ method: 'POST', url: '/api/auth/verify-email/', headers: bearer(tokens) });
    expect((await resend()).statusCode).toBe(200);
    const token = linkToken(await takeMail(body.email));
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await resend();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'profile.email-already-verified' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/' })).statusCode).toBe(401);
  });
});

describe('password change', () => {
  const update = (tokens: { access: string }, payload: object) =>
    app.inject({ method: 'POST', url: '/api/auth/update-password/', headers: bearer(tokens), payload });

  it('mails the owner, and must differ from the current password', async () => {
    const { body, tokens } = await newAccount();
    const same = await update(tokens, { old_password: body.password, password: body.password });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'profile.same-password',
      fields: { password: 'profile.same-password' },
    });
    const changed = await update(tokens, { old_password: body.password, password: 'Another123!' });
    expect(changed.statusCode).toBe(200);
    const notice = await takeMail(body.email);
    expect(notice.raw).toContain('Subject: A senha da sua conta no Lendo mudou');
  });
});
