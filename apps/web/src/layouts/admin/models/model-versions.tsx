import { type AdminModelDetail, type AdminModelVersion, modelProviderLabels, modelVersionStatusLabels } from '@doppel/validation';
import { Accordion, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { CopyValue, Field } from '../payments/payment-fields.tsx';
import { canMakeDefault, countLabel, isVersionRunning, versionErrorText, versionTitle } from './model-format.ts';

/**
 * "Versions", newest first (docs/product-rules.md#admin-back-office): each an accordion item titled by organisation, status and
 * creation, opening on its base, example count, fine-tuned model id, organisation id, the
 * provider's error and, for a succeeded version that is not the default, "Make Default".
 */
export function ModelVersions({ model, actions }: { model: AdminModelDetail; actions: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="model-versions-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={3} size="h4" id="model-versions-title">
              Versions
            </Title>
            <Text size="sm" c="dimmed">
              {countLabel(model.versions.length, 'version')}, newest first.
            </Text>
          </div>
          {actions}
        </Group>
        {model.versions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="model-versions-empty">
            No version yet. Save at least 20 training examples, then generate one.
          </Text>
        ) : (
          <Accordion multiple variant="separated" chevronPosition="left" data-testid="model-versions">
            {model.versions.map((version) => (
              <VersionItem key={version.id} modelId={model.id} version={version} />
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}

function VersionItem({ modelId, version }: { modelId: string; version: AdminModelVersion }) {
  const utils = trpc.useUtils();
  const makeDefault = trpc.admin.models.makeDefault.useMutation({
    onSuccess: (saved) => {
      utils.admin.models.get.setData({ modelId: saved.id }, saved);
      void utils.admin.models.list.invalidate();
      notifySuccess();
    },
  });

  return (
    <Accordion.Item value={version.id} data-testid={`model-version-${version.id}`} data-status={version.status}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="model-version-title">
            {versionTitle(version)}
          </Text>
          {isVersionRunning(version.status) && (
            <Loader
              size={14}
              role="img"
              aria-label={modelVersionStatusLabels[version.status]}
              data-testid="model-version-running"
            />
          )}
          <Badge size="sm" variant="light" color="gray" data-testid="model-version-provider">
            {modelProviderLabels[version.provider]}
          </Badge>
          {version.isDefault && (
            <Badge size="sm" variant="filled" color="teal" data-testid="model-version-default">
              Default
            </Badge>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap={8}>
          <Field label="Base" testId="model-version-base" value={version.base} />
          <Field
            label="Training examples"
            testId="model-version-example-count"
            value={countLabel(version.exampleCount, 'example')}
          />
          <Field
            label="Fine-tuned model ID"
            testId="model-version-fine-tuned-model-id"
            value={version.fineTunedModelId ? <CopyValue value={version.fineTunedModelId} label="fine-tuned model id" /> : '—'}
          />
          <Field
            label="Organisation ID"
            testId="model-version-organisation-id"
            value={version.organisationId ? <CopyValue value={version.organisationId} label="organisation id" /> : '—'}
          />
          <Field label="Version ID" testId="model-version-id" value={<CopyValue value={version.id} label="version id" />} />
          {version.errorMessage && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="model-version-error">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {versionErrorText(version.errorMessage)}
              </Text>
            </Alert>
          )}
          {makeDefault.isError && (
            <Alert color="red" variant="light" data-testid="make-default-error">
              {describeError(makeDefault.error).message}
            </Alert>
          )}
          {canMakeDefault(version) && (
            <Group justify="flex-end">
              <Button
                variant="light"
                loading={makeDefault.isPending}
                onClick={() => makeDefault.mutate({ modelId, versionId: version.id })}
              >
                Make Default
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
