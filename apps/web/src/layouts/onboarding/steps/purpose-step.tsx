import { type Purpose, purposeStepSchema, purposes } from '@doppel/validation';
import { Group, Input, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconFlame, IconHeart, IconMoodHappy, IconSchool } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { purposeDetails } from '../../../forms/option-labels.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

// Icons rather than emoji: they render the same on every system.
const purposeIcons: Record<Purpose, typeof IconFlame> = {
  BANTER: IconMoodHappy,
  FLIRT: IconHeart,
  EDUCATE: IconSchool,
  BULLY: IconFlame,
};

/** Step 5: one purpose, as cards. */
export function PurposeStep({ state }: StepProps) {
  const draft = state.draft;
  const navigate = useNavigate();
  const form = useForm<{ purpose: Purpose | null }>({
    mode: 'controlled',
    initialValues: { purpose: draft?.purpose ?? null },
    validate: schemaResolver(purposeStepSchema, { sync: true }),
  });
  const update = useDraftUpdate(4, { setFieldErrors: form.setErrors, fields: ['purpose'] });

  const submit = form.onSubmit((values) => {
    const { purpose } = purposeStepSchema.parse(values);
    if (draft?.purpose === purpose) navigate('/personality-traits');
    else update.save(draft?.id, { purpose });
  });

  return (
    <StepFrame index={4} onSubmit={submit} saving={update.saving} error={update.otherError}>
      <Input.Wrapper error={form.errors.purpose}>
        <Radio.Group
          value={form.values.purpose ?? ''}
          onChange={(value) => form.setFieldValue('purpose', value as Purpose)}
          aria-label="Purpose"
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {purposes.map((purpose) => {
              const details = purposeDetails[purpose];
              const checked = form.values.purpose === purpose;
              const Icon = purposeIcons[purpose];
              return (
                <Radio.Card
                  key={purpose}
                  value={purpose}
                  radius="lg"
                  p="md"
                  aria-label={details.title}
                  style={{
                    borderColor: checked ? 'var(--mantine-color-doppel-6)' : undefined,
                    borderWidth: checked ? 2 : 1,
                    background: checked ? 'var(--mantine-color-doppel-0)' : undefined,
                  }}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <ThemeIcon size={40} radius="md" variant={checked ? 'gradient' : 'light'} aria-hidden>
                      <Icon size={22} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Text fw={700}>{details.title}</Text>
                      <Text size="sm" c="dimmed">
                        {details.description}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      </Input.Wrapper>
    </StepFrame>
  );
}
