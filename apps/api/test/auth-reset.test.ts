import { afterAll, describe, expect, it } from 'vitest';
import { bearer, build, signup } from './helper.ts';
import { startSmtpServer } from './smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());
const { app, clock } = await build({ SMTP_URL: smtp.url, APP_URL: 'https://lendo.test' });

const requestReset = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email } });
const changePassword = (token: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/change-password/', payload: { token, password } });
const signin = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signin/', payload: { email, password } });

/** Requests a reset for `email` and returns the token from the link in the mail that arrives. */
async function tokenFromMail(email: string) {
  const before = smtp.received.length;
  expect((await requestReset(email)).statusCode).toBe(200);
  const mail = await smtp.mailTo(email, { containing: 'confirm-password' });
  expect(smtp.received.length).toBeGreaterThan(before);
  const link = mail.raw.match(/https:\/\/lendo\.test\/confirm-password\?token=[\w%-]+/)?.[0];
  expect(link).toBeDefined();
  smtp.received.splice(smtp.received.indexOf(mail), 1);
  return new URL(link!).searchParams.get('token')!;
}

describe('password reset by mail', () => {
  it('mails a link that sets a new password once; the old password stops working', async () => {
    const { body } = await signup(app);
    const token = await tokenFromMail(body.email);

    const res = await changePassword(token, 'Brand-new1!');
    expect(res.statusCode).toBe(200);
    expect((await signin(body.email, 'Brand-new1!')).statusCode).toBe(200);
    expect((await signin(body.email, body.password)).statusCode).toBe(401);

    const again = await changePassword(token, 'Another1!x');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'error.invalid-reset-link',
      message: 'Invalid or expired reset link.',
    });
  });

  it('writes the mail in the account language', async () => {
    const { body } = await signup(app, { locale: 'es' });
    await requestReset(body.email);
    const mail = await smtp.mailTo(body.email, { containing: 'confirm-password' });
    expect(mail.raw).toContain('Recibimos una solicitud para restablecer la contraseña');
    smtp.received.splice(smtp.received.indexOf(mail), 1);
  });

  it('rejects a link after one hour', async () => {
    const { body } = await signup(app);
    const token = await tokenFromMail(body.email);
    clock.advance(61 * 60 * 1000);
    const res = await changePassword(token, 'Brand-new1!');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('error.invalid-reset-link');
    expect((await signin(body.email, body.password)).statusCode).toBe(200);
  });

  it('rejects a made-up token and checks the new password rules', async () => {
    expect((await changePassword('made-up', 'Brand-new1!')).json().code).toBe('error.invalid-reset-link');
    const { body } = await signup(app);
    const token = await tokenFromMail(body.email);
    const weak = await changePassword(token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('error.password-min-length');
    // A rejected attempt does not spend the link.
    expect((await changePassword(token, 'Brand-new1!')).statusCode).toBe(200);
  });

  it('signs out every session once the password is reset', async () => {
    const { body, tokens } = await signup(app);
    const token = await tokenFromMail(body.email);
    await changePassword(token, 'Brand-new1!');
    const res = await app.inject({ method: 'POST', url: '/api/auth/token/refresh/', payload: tokens });
    expect(res.statusCode).toBe(401);
    // Its access tokens stop at once too, not when they expire.
    expect((await app.inject({ url: '/api/auth/me/', headers: bearer(tokens) })).statusCode).toBe(401);
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const { body } = await signup(app);
    const known = await requestReset(body.email);
    const unknown = await requestReset('ghost@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await smtp.mailTo(body.email, { containing: 'confirm-password' });
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });
});
