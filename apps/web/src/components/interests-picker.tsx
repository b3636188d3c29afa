import { interests, interestsMax, isOfferedInterest } from '@doppel/validation';
import { Stack, Text } from '@mantine/core';
import { optionLabel } from '../forms/option-labels.ts';
import { type ChipOption, ChipPicker } from './chip-picker.tsx';

/** The offered interests, then the stored ones no longer offered (shown as deprecated). */
export function interestOptions(stored: readonly string[]): ChipOption[] {
  return [
    ...interests.map((value) => ({ value, label: optionLabel(value) })),
    ...stored
      .filter((value) => !isOfferedInterest(value))
      .map((value) => ({ value, label: optionLabel(value), deprecated: true })),
  ];
}

/**
 * Up to five interests as chips; a picked deprecated one is explained, since it is dropped when
 * the form is sent (the server only accepts offered interests).
 */
export function InterestsPicker({
  stored,
  value,
  onChange,
  error,
  droppedWhen,
}: {
  /** The interests saved before, to list the deprecated ones among the options. */
  stored: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  /** How the form is sent, for the explanation: "continue" or "save". */
  droppedWhen: 'continue' | 'save';
}) {
  const pickedDeprecated = value.some((interest) => !isOfferedInterest(interest));
  return (
    <Stack gap={4}>
      <ChipPicker
        label="Interests"
        options={interestOptions(stored)}
        value={value}
        onChange={onChange}
        max={interestsMax}
        error={error}
      />
      {pickedDeprecated && (
        <Text size="sm" c="dimmed">
          Interests marked deprecated are no longer offered and are removed when you {droppedWhen}.
        </Text>
      )}
    </Stack>
  );
}
