import type { AdminModelRow } from '@doppel/validation';
import { formatCount } from '@doppel/validation';
import { Anchor, Badge, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router-dom';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { AdminTable } from '../../../kit/admin-table.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { modelListEntities, modelPath, talentPath } from './model-format.ts';

// Links inside a row are real links for keyboards and screen readers; a click anywhere else on the
// row opens the model, so the links stop the row's own click.
const stopRowClick = (event: React.MouseEvent) => event.stopPropagation();

const columns: DataTableColumn<AdminModelRow>[] = [
  {
    accessor: 'name',
    title: 'Name',
    render: (model) => (
      <Group gap={6} wrap="nowrap" miw={160}>
        <Anchor
          component={Link}
          to={modelPath(model.id)}
          size="sm"
          fw={600}
          onClick={stopRowClick}
          style={{ overflowWrap: 'anywhere' }}
          data-testid="model-name"
        >
          {model.name}
        </Anchor>
        {model.isFineTuning && (
          <Loader size={14} role="img" aria-label="Fine-tuning" data-testid="model-fine-tuning" style={{ flex: 'none' }} />
        )}
        {model.hasDefaultVersion && (
          <Badge size="sm" variant="light" color="teal" style={{ flex: 'none' }} data-testid="model-default-set">
            Default set
          </Badge>
        )}
      </Group>
    ),
  },
  {
    accessor: 'talent',
    title: 'Twin',
    render: ({ talent }) =>
      talent ? (
        <Anchor
          component={Link}
          to={talentPath(talent.id)}
          size="sm"
          onClick={stopRowClick}
          style={{ whiteSpace: 'nowrap' }}
          data-testid="model-talent"
        >
          {talent.name}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed" data-testid="model-talent">
          —
        </Text>
      ),
  },
  {
    accessor: 'base',
    title: 'Base',
    render: (model) => (
      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid="model-base">
        {model.base}
      </Text>
    ),
  },
  {
    accessor: 'versionCount',
    title: 'Versions',
    textAlign: 'right',
    render: (model) => (
      <Text size="sm" data-testid="model-version-count">
        {formatCount(model.versionCount)}
      </Text>
    ),
  },
];

/** /models: fine-tuning models by name with a spinner beside one being fine-tuned, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function ModelListPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.models.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  useAdminLive(modelListEntities, () => void utils.admin.models.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="Models"
        description="Fine-tuning models and their versions, sorted by name."
        actions={
          <Button component={Link} to="/models/create" leftSection={<IconPlus size={16} />}>
            Create model
          </Button>
        }
      />
      <AdminList query={query} label="Models" empty="No model yet. Create one to fine-tune a twin’s replies.">
        {(models) => <AdminTable items={models} columns={columns} linkTo={(model) => modelPath(model.id)} label="Models" />}
      </AdminList>
    </AdminPage>
  );
}
