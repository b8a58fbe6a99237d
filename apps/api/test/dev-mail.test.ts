import { describe, expect, it } from 'vitest';
import { build, signup } from './helper.ts';

describe('embedded mailbox', () => {
  it('lists sent mail at /dev/mail when no SMTP server is configured', async () => {
    const { app } = await build();
    const { body } = await signup(app);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: body.email } });
    const res = await app.inject({ url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(body.email);
    expect(res.body).toMatch(/confirm-password\?token=/);
  });

  it('is not served in production', async () => {
    const { app } = await build({ NODE_ENV: 'production' });
    expect((await app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
  });
});
