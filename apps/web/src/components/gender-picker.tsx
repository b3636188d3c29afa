import { type Gender, genders } from '@doppel/validation';
import { Chip, Group, Input, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { genderLabels } from '../forms/option-labels.ts';

/** Exactly one gender as chips: used by onboarding and the profile settings. */
export function GenderPicker({
  value,
  onChange,
  error,
  size = 'md',
}: {
  value: Gender | null;
  onChange: (gender: Gender | null) => void;
  error?: ReactNode;
  size?: MantineSize;
}) {
  return (
    <Input.Wrapper label="Gender" size={size} error={error}>
      <Chip.Group multiple={false} value={value ?? ''} onChange={(picked) => onChange((picked || null) as Gender | null)}>
        <Group gap={size === 'lg' ? 'sm' : 'xs'} mt="xs">
          {genders.map((gender) => (
            <Chip key={gender} value={gender} size={size} radius="xl" variant="outline">
              {genderLabels[gender]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
