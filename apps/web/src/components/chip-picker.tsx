import { Badge, Chip, Group, Input, Text } from '@mantine/core';
import { toggleChip } from '../forms/chip-selection.ts';

export type ChipOption = { value: string; label: string; deprecated?: boolean };

type ChipPickerProps = {
  label: string;
  options: ChipOption[];
  value: string[];
  onChange: (value: string[]) => void;
  max: number;
  error?: string | null;
};

/** Multi-pick chips where a pick beyond the maximum is ignored (docs/product-rules.md#sign-in-waitlist-and-onboarding-fields), with a live counter. */
export function ChipPicker({ label, options, value, onChange, max, error }: ChipPickerProps) {
  const full = value.length >= max;
  return (
    <Input.Wrapper
      label={label}
      size="md"
      error={error}
      description={
        <Text span size="sm" c={full ? 'doppel' : 'dimmed'} fw={full ? 600 : 400} data-testid="chip-count">
          {value.length} of {max} selected{full ? ' (maximum reached)' : ''}
        </Text>
      }
    >
      <Group gap="xs" mt="sm">
        {options.map((option) => {
          const checked = value.includes(option.value);
          return (
            <Chip
              key={option.value}
              checked={checked}
              onChange={() => onChange(toggleChip(value, option.value, max))}
              size="md"
              radius="xl"
              variant={checked ? 'filled' : 'outline'}
              color={option.deprecated ? 'gray' : 'doppel'}
              styles={{ label: { opacity: !checked && full ? 0.55 : 1 } }}
            >
              {option.label}
              {option.deprecated && (
                <Badge component="span" size="xs" color="gray" variant="white" ml={6}>
                  deprecated
                </Badge>
              )}
            </Chip>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
