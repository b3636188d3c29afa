import { centsFromDollars } from '@doppel/validation';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

type DollarsInputProps = Omit<NumberInputProps, 'value' | 'onChange'> & {
  /** Whole cents, or what was typed while it is not a price yet ('' when empty). */
  value?: number | string;
  onChange: (cents: number | string) => void;
};

/**
 * A price typed in dollars and kept in the form as whole cents (the subscription price and its
 * limits), so the form's schema and the server see the same integer. What the person types stays
 * as typed ("4.9", "12.") and is only replaced when the form's value changes from outside.
 */
export function DollarsInput({ value = '', onChange, ...input }: DollarsInputProps) {
  const [typed, setTyped] = useState<number | string>(() => shown(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the form's value decides; `typed` is read as it is then.
  useEffect(() => {
    const current = centsFromDollars(typed) ?? (typed === '' ? '' : String(typed));
    if (current !== value) setTyped(shown(value));
  }, [value]);
  return (
    <NumberInput
      prefix="$"
      decimalScale={2}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="decimal"
      thousandSeparator=","
      {...input}
      value={typed}
      // "12.5" reads "12.50" once the person leaves the field.
      onBlur={(event) => {
        if (typeof value === 'number') setTyped(shown(value));
        input.onBlur?.(event);
      }}
      onChange={(next) => {
        setTyped(next);
        onChange(next === '' ? '' : (centsFromDollars(next) ?? String(next)));
      }}
    />
  );
}

/** Cents as the dollar amount the field shows: 499 -> "4.99", 1250 -> "12.50" (display only). */
const shown = (value: number | string): string => (typeof value === 'number' ? (value / 100).toFixed(2) : value);
