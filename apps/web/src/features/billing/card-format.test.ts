import { describe, expect, it } from 'vitest';
import { formatExpiry, groupCardNumber, parseExpiry, passesLuhn } from './card-format';

describe('card fields', () => {
  it('groups the number by four as it is typed, digits only, at most 19', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-42a')).toBe('4242 42');
    expect(groupCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('checks the Luhn digit of Stripe’s test cards', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('adds the slash of the expiry and refuses a month that has passed', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('1')).toBe('1');
    const now = new Date('2026-11-24T12:00:00Z');
    expect(parseExpiry('11/26', now)).toEqual({ month: 11, year: 2026 });
    expect(parseExpiry('10/26', now)).toBeNull();
    expect(parseExpiry('13/30', now)).toBeNull();
    expect(parseExpiry('1/30', now)).toBeNull();
  });
});
