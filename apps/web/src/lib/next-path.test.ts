import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site, with its query', () => {
    expect(safeNextPath('/confirm-email?token=abc')).toBe('/confirm-email?token=abc');
    expect(safeNextPath('/decks')).toBe('/decks');
  });

  it('never leaves the site nor loops back to sign-in', () => {
    for (const next of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'decks',
      '/login',
      '/login?next=/x',
      '/signup',
      '/social-callback?token=x',
    ]) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });
});

describe('loginPath', () => {
  it('remembers where the visitor was going', () => {
    expect(loginPath('/story/abc?x=1')).toBe('/login?next=%2Fstory%2Fabc%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
  });
});
