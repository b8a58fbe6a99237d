import { CreditCard } from 'lucide-react';
import { cx } from '@/lib/cx';

/** Card networks as people write them; others are shown capitalised. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Each network's colours on its tile; unknown networks get a neutral tile. */
const BRAND_TILES: Record<string, string> = {
  visa: 'bg-[#1a1f71] text-white',
  mastercard: 'bg-[#231f20] text-[#f79e1b]',
  amex: 'bg-[#1f72cd] text-white',
  elo: 'bg-black text-[#ffcb05]',
  hipercard: 'bg-[#b3131b] text-white',
  discover: 'bg-[#ff6000] text-black',
};

/** Short marks drawn on the tile. */
const BRAND_MARKS: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MC',
  amex: 'AMEX',
  elo: 'elo',
  hipercard: 'HIPER',
  discover: 'DISC',
};

export const cardBrandName = (brand: string) =>
  BRAND_NAMES[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');

/** "Visa •••• 4242": how a saved card is named everywhere. */
export const cardLabel = (card: { brand: string; last4: string }) =>
  `${cardBrandName(card.brand)} •••• ${card.last4}`;

/** A small card-shaped tile with the network's mark (decorative: the text beside it names the card). */
export function CardBrandMark({ brand, className }: { brand: string; className?: string }) {
  const key = brand.toLowerCase();
  const mark = BRAND_MARKS[key];
  return (
    <span
      aria-hidden="true"
      className={cx(
        'grid h-8 w-12 shrink-0 place-items-center rounded-md text-[0.625rem] font-extrabold tracking-wide',
        BRAND_TILES[key] ?? 'bg-surface-muted text-muted',
        className,
      )}
    >
      {mark ?? <CreditCard className="size-5" />}
    </span>
  );
}
