import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

/** Intl separates the symbol with a no-break space in some locales. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('writes minor units in the interface language', () => {
    expect(plain(formatMoney(2990, 'BRL', 'pt'))).toBe('R$ 29,90');
    expect(plain(formatMoney(599, 'USD', 'pt'))).toBe('US$ 5,99');
    expect(formatMoney(599, 'USD', 'en')).toBe('$5.99');
    expect(plain(formatMoney(599, 'USD', 'es'))).toBe('USD 5.99');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
  });
});
