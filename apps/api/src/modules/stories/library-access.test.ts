import { PLAN_TIERS } from '@lendo/shared';
import { describe, expect, it } from 'vitest';
import { isLocked } from './library-access.ts';

describe('isLocked', () => {
  it('locks the stories that are not free on the basic plan only', () => {
    expect(isLocked({ free: false }, 'basic')).toBe(true);
    expect(isLocked({ free: true }, 'basic')).toBe(false);
    expect(isLocked({ free: false }, 'pro')).toBe(false);
    expect(isLocked({ free: false }, 'premium')).toBe(false);
  });

  it('never locks a free story', () => {
    for (const plan of PLAN_TIERS) expect(isLocked({ free: true }, plan), plan).toBe(false);
  });
});
