import { SimpleGrid } from '@mantine/core';
import { qualityEntities } from '../../../components/quality-format.ts';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { QualityCases } from './quality-cases.tsx';
import { QualityRuns } from './quality-runs.tsx';

/** The talent detail's Quality tab: the check set and the runs (docs/quality.md). Live: a run's progress shows as the worker scores it. */
export function TalentQualityTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  useAdminLive(qualityEntities, () => {
    void utils.admin.quality.cases.invalidate({ talentId });
    void utils.admin.quality.runs.invalidate({ talentId });
    void utils.admin.quality.run.invalidate();
  });
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <QualityCases talentId={talentId} />
      <QualityRuns talentId={talentId} />
    </SimpleGrid>
  );
}
