import type { AdminTalent } from '@doppel/validation';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { SettingsValues } from './talent-settings-values.ts';

/** The Settings tab's form, as every section edits it. */
export type SettingsForm = UseFormReturnType<SettingsValues>;

/** What each section of the Settings tab receives. */
export type SectionProps = { form: SettingsForm; talent: AdminTalent };

/** One group of the Settings tab: a titled card, a landmark named after its title. */
export function SettingsSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description?: ReactNode;
  id?: string;
  children: ReactNode;
}) {
  const headingId = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId} id={id}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
