import type { ComponentProps } from 'react';

/** A checkbox whose whole label is the (44 px tall) touch target. */
export function CheckboxField({
  label,
  ...input
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium select-none">
      <input type="checkbox" className="size-5 shrink-0 cursor-pointer rounded accent-brand" {...input} />
      {label}
    </label>
  );
}
