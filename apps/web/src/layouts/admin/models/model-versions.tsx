import {
  type AdminModelDetail,
  type AdminModelVersion,
  modelProviderLabels,
  modelVersionStatusLabels,
  type QualityModelOutput,
  type QualityRunSummary,
} from '@doppel/validation';
import { Accordion, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { isRunActive } from '../../../components/quality-format.ts';
import { CopyValue, Field } from '../payments/payment-fields.tsx';
import { MakeDefaultButton } from '../quality/make-default-button.tsx';
import { RunCheckButton } from '../quality/run-check-button.tsx';
import { RunScoreBadge } from '../quality/score-badge.tsx';
import { VersionComparison } from '../quality/version-comparison.tsx';
import { canMakeDefault, countLabel, isVersionRunning, versionErrorText, versionTitle } from './model-format.ts';

/**
 * "Versions", newest first (docs/product-rules.md#admin-back-office): each an accordion item titled by organisation, status and
 * creation, opening on its base, example count, fine-tuned model id, organisation id, the
 * provider's error and, for a succeeded version that is not the default, "Make Default". Each
 * version shows its latest quality score (docs/quality.md), "Run check" and "Compare with default".
 */
export function ModelVersions({
  model,
  quality,
  actions,
}: {
  model: AdminModelDetail;
  /** Undefined while loading: the versions show without scores. */
  quality: QualityModelOutput | undefined;
  actions: ReactNode;
}) {
  const latestRun = (versionId: string) => quality?.versions.find((entry) => entry.versionId === versionId)?.latestRun ?? null;
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
              <VersionItem
                key={version.id}
                modelId={model.id}
                talentId={quality?.talentId ?? null}
                version={version}
                latestRun={quality ? latestRun(version.id) : undefined}
              />
            ))}
          </Accordion>
        )}
      </Stack>
    </Paper>
  );
}

function VersionItem({
  modelId,
  talentId,
  version,
  latestRun,
}: {
  modelId: string;
  talentId: string | null;
  version: AdminModelVersion;
  latestRun: QualityRunSummary | null | undefined;
}) {
  const [comparing, setComparing] = useState(false);
  const checkable = talentId !== null && version.status === 'SUCCEEDED';
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
          {checkable && latestRun !== undefined && <RunScoreBadge run={latestRun} testId="model-version-quality" />}
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
          {checkable && (
            <Group gap="xs" wrap="wrap">
              <RunCheckButton
                talentId={talentId}
                modelVersionId={version.id}
                disabled={isRunActive(latestRun)}
                label="Run check"
                testId="model-version-run-check"
              />
              {!version.isDefault && (
                <Button size="xs" variant="default" onClick={() => setComparing(true)} data-testid="model-version-compare">
                  Compare with default
                </Button>
              )}
            </Group>
          )}
          {canMakeDefault(version) && <MakeDefaultButton modelId={modelId} versionId={version.id} />}
          <Modal opened={comparing} onClose={() => setComparing(false)} title="Quality: this version and the default" size="lg">
            {comparing && <VersionComparison modelId={modelId} versionId={version.id} />}
          </Modal>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
