import type { AdminTalentModel } from '@doppel/validation';
import { Anchor, Badge, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { formatDateTime } from '../../../../components/format-date.ts';
import { EmptyState, ListSkeleton } from '../../../../kit/admin-list.tsx';
import { RecordLink } from '../../../../kit/record-link.tsx';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { llmTypeLabel, modelTabEntities, modelVersionStatusColors, modelVersionStatusLabels, plural } from './tab-format.ts';

/** The talent detail's Model tab (docs/product-rules.md#admin-back-office): the engine the twin answers with and its fine-tuning models. */
export function TalentModelTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.model.useQuery({ talentId });
  useAdminLive(modelTabEntities, () => void utils.admin.talents.model.invalidate({ talentId }));

  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <ListSkeleton label="Model" rows={3} />;
  const { config, models } = query.data;

  return (
    <Stack gap="md" data-testid="talent-model-tab" aria-busy={query.isFetching}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={4}>Engine</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Field label="LLM type" testId="model-llm-type">
              {llmTypeLabel(config.llmType)}
            </Field>
            <Field label="Model ID" testId="model-llm-model-id">
              {config.llmModelId}
            </Field>
            <Field label="Fine-tuned model ID" testId="model-llm-fine-tuned-model-id">
              {config.llmFineTunedModelId ?? 'None'}
            </Field>
          </SimpleGrid>
        </Stack>
      </Paper>

      <Title order={4}>Fine-tuning models</Title>
      {models.length === 0 ? (
        <EmptyState>No fine-tuning model for this talent yet.</EmptyState>
      ) : (
        <Stack gap="xs" role="list" aria-label="Fine-tuning models" data-testid="talent-models" data-count={models.length}>
          {models.map((model) => (
            <ModelCard key={model.id} model={model} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Field({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ModelCard({ model }: { model: AdminTalentModel }) {
  const version = model.defaultVersion;
  return (
    <Card withBorder padding="md" radius="md" role="listitem" data-testid="talent-model-row" data-model-id={model.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconBrain size={18} style={{ flex: 'none' }} />
            <Anchor component={Link} to={`/models/${encodeURIComponent(model.id)}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
              {model.name}
            </Anchor>
            {model.isFineTuning && (
              <Group gap={4} wrap="nowrap" data-testid="model-fine-tuning" style={{ flex: 'none' }}>
                <Loader size={14} />
                <Text size="xs" c="dimmed">
                  Fine-tuning
                </Text>
              </Group>
            )}
          </Group>
          <Badge variant="light" color="gray" data-testid="model-base" style={{ textTransform: 'none' }}>
            {model.base}
          </Badge>
        </Group>

        <Group gap="xs" data-testid="model-default-version">
          <Text size="sm" c="dimmed">
            Default version:
          </Text>
          {version ? (
            <>
              <Badge size="sm" variant="light" color={modelVersionStatusColors[version.status]} data-status={version.status}>
                {modelVersionStatusLabels[version.status]}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="model-default-fine-tuned-id">
                {version.fineTunedModelId ?? 'No fine-tuned model ID'}
              </Text>
              <Text size="xs" c="dimmed" component="time" dateTime={version.createdAt}>
                {formatDateTime(version.createdAt)}
              </Text>
            </>
          ) : (
            <Text size="sm">None</Text>
          )}
        </Group>

        <Group justify="space-between" gap="xs">
          <Group gap="md">
            <Text size="sm" data-testid="model-version-count">
              {plural(model.versionCount, 'version')}
            </Text>
            <Text size="sm" data-testid="model-training-example-count">
              {plural(model.trainingExampleCount, 'training example')}
            </Text>
          </Group>
          <RecordLink table="models" id={model.id} />
        </Group>
      </Stack>
    </Card>
  );
}
