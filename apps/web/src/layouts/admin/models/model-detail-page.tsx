import { Anchor, Group, SimpleGrid, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { qualityEntities } from '../../../components/quality-format.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { CurrentSetupCheck } from '../quality/current-setup-check.tsx';
import { RollBackButton } from '../quality/make-default-button.tsx';
import { ExportExamplesButton } from './export-examples-button.tsx';
import { GenerateVersionButton } from './generate-version-button.tsx';
import { modelDetailEntities, talentPath } from './model-format.ts';
import { ModelSettingsForm } from './model-settings-form.tsx';
import { ModelVersions } from './model-versions.tsx';
import { RegisterVersionForm } from './register-version-form.tsx';
import { TrainingExamplesView } from './training-examples-view.tsx';

/**
 * /models/:modelId: the model's name, twin and record link, its settings (name, provider, base,
 * training examples), the saved examples, its versions newest first with Make Default, Generate new
 * version and Export training data, and Register a version (docs/product-rules.md#admin-back-office). Live: a version's status moves on as the worker fine-tunes it.
 */
export function ModelDetailPage() {
  const { modelId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.models.get.useQuery({ modelId });
  const quality = trpc.admin.quality.model.useQuery({ modelId });
  useAdminLive([...modelDetailEntities, ...qualityEntities], () => {
    void utils.admin.models.get.invalidate({ modelId });
    void utils.admin.quality.model.invalidate({ modelId });
    void utils.admin.quality.compare.invalidate({ modelId });
  });

  if (!query.data) return <DetailLoadState query={query} noun="Model" backTo="/models" skeletonHeights={[320, 200]} />;
  const model = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title={model.name}
        backTo="/models"
        description={
          <Group gap="xs" mt={6} wrap="wrap">
            {model.talent ? (
              <Anchor component={Link} to={talentPath(model.talent.id)} size="sm" fw={600} data-testid="model-talent">
                {model.talent.name}
                {model.talent.tag && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    @{model.talent.tag}
                  </Text>
                )}
              </Anchor>
            ) : (
              <Text span size="sm" data-testid="model-talent">
                No twin
              </Text>
            )}
            <RecordLink table="models" id={model.id} />
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ModelSettingsForm model={model} />
        <TrainingExamplesView text={model.trainingExamplesText} exampleCount={model.exampleCount} />
      </SimpleGrid>
      <ModelVersions
        model={model}
        quality={quality.data}
        actions={
          <Group gap="xs" wrap="wrap" align="flex-start" justify="flex-end">
            <ExportExamplesButton model={model} />
            <CurrentSetupCheck quality={quality.data} />
            {quality.data?.previousDefaultVersionId && (
              <RollBackButton modelId={model.id} previousVersionId={quality.data.previousDefaultVersionId} />
            )}
            <GenerateVersionButton model={model} checking={query.isFetching} />
          </Group>
        }
      />
      <RegisterVersionForm model={model} />
      <HistoryCard entity="model" entityId={model.id} />
    </AdminPage>
  );
}
