import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';

interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: string;
  description?: string;
  /** Decorative: a badge or an icon. */
  art: ReactNode;
}

/**
 * One answer of a step: a native radio (arrow keys, labels) dressed as a card. The invisible radio
 * covers the whole card, so a tap anywhere lands on it and its focus ring outlines the card.
 */
export function ChoiceCard({ name, value, checked, onChange, label, description, art }: ChoiceCardProps) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="group relative flex min-h-16 cursor-pointer items-center gap-4 rounded-card border-2 border-line bg-surface p-3.5 pr-4 transition-colors hover:border-line-strong has-checked:border-brand has-checked:bg-brand-soft"
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="absolute -inset-0.5 z-10 cursor-pointer appearance-none rounded-card"
      />
      {art}
      <span className="grid flex-1 gap-0.5">
        <span className="font-semibold">{label}</span>
        {description && (
          <span id={`${id}-description`} className="text-sm text-muted">
            {description}
          </span>
        )}
      </span>
      <span
        aria-hidden="true"
        className="grid size-6 shrink-0 place-items-center rounded-full border-2 border-line-strong text-on-brand transition-colors group-has-checked:border-brand group-has-checked:bg-brand"
      >
        {checked && <Check className="size-3.5" strokeWidth={3} />}
      </span>
    </label>
  );
}
