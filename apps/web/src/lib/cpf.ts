/** A CPF as it is typed, masked as 000.000.000-00: only digits are kept, at most 11. */
export function formatCpf(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 11);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9)].filter(Boolean);
  const check = digits.slice(9);
  return parts.join('.') + (check ? `-${check}` : '');
}
