import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the whole query of the social callback', () => {
    expect(redactUrl('/social-callback?token=eyJ.a.b&refresh=r3fr35h')).toBe('/social-callback?[redacted]');
  });

  it('hides the values of secret parameters, keeping the others', () => {
    expect(redactUrl('/confirm-email?token=abc123&next=%2Fdecks')).toBe(
      '/confirm-email?token=[redacted]&next=%2Fdecks',
    );
    expect(redactUrl('/api/auth/google/callback/?code=xyz&state=s1&scope=email')).toBe(
      '/api/auth/google/callback/?code=[redacted]&state=[redacted]&scope=email',
    );
    expect(redactUrl('/x?Refresh=1&TOKEN=2&%74oken=3')).toBe(
      '/x?Refresh=[redacted]&TOKEN=[redacted]&%74oken=[redacted]',
    );
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactUrl('/api/stories/?page=2&search=frog')).toBe('/api/stories/?page=2&search=frog');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});
