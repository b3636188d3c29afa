import type { KnowledgeSourceView } from '@doppel/validation';
import { knowledgeRenameInput } from '@doppel/validation';
import { ActionIcon, Anchor, Badge, Button, Group, Loader, Menu, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDots, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../components/format-date.ts';
import { sourceKindLabel, sourceSizeLabel, sourceStatusBadge } from '../../../components/knowledge-format.ts';
import { notifySuccess } from '../../../components/notify-success.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';

/** The status badge: a loader while the source is read, its passages once ready. */
export function SourceStatus({ source }: { source: KnowledgeSourceView }) {
  const badge = sourceStatusBadge(source);
  return (
    <Badge
      color={badge.color}
      variant="light"
      leftSection={badge.processing ? <Loader size={10} color={badge.color} /> : undefined}
      data-testid="knowledge-status"
      style={{ flexShrink: 0 }}
    >
      {badge.label}
    </Badge>
  );
}

/** Kind, size and when it was added: "PDF file · 2 KB · added 3/11/2026 at 10:02". */
export function SourceDetails({ source }: { source: KnowledgeSourceView }) {
  const parts = [sourceKindLabel(source), sourceSizeLabel(source), `added ${formatDateTime(source.createdAt)}`];
  return (
    <Text size="xs" c="dimmed">
      {parts.filter(Boolean).join(' · ')}
    </Text>
  );
}

/** One source with its actions: rename, re-fetch (web pages) and delete (asks first). */
export function SourceRow({ source }: { source: KnowledgeSourceView }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const refresh = () => void utils.talent.knowledge.list.invalidate({ talentId });
  const refetch = trpc.talent.knowledge.refetch.useMutation({
    onSuccess: () => {
      notifySuccess('Fetching the page again.');
      refresh();
    },
  });
  const remove = trpc.talent.knowledge.delete.useMutation({
    onSuccess: () => {
      setDialog(null);
      notifySuccess('Source deleted.');
      refresh();
    },
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="knowledge-source" data-source-id={source.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {source.title}
            </Text>
            {source.url && source.url !== source.title && (
              <Anchor
                href={source.url}
                target="_blank"
                rel="noopener noreferrer nofollow"
                size="xs"
                style={{ overflowWrap: 'anywhere' }}
              >
                {source.url}
              </Anchor>
            )}
          </Stack>
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${source.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('rename')}>
                Rename
              </Menu.Item>
              {source.kind === 'URL' && (
                <Menu.Item
                  leftSection={<IconRefresh size={16} />}
                  disabled={source.status === 'PROCESSING' || refetch.isPending}
                  onClick={() => refetch.mutate({ talentId, sourceId: source.id })}
                >
                  Fetch again
                </Menu.Item>
              )}
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {/* Status and details wrap under the title, so a phone's narrow row keeps the title readable. */}
        <Group gap="xs" wrap="wrap">
          <SourceStatus source={source} />
          <SourceDetails source={source} />
        </Group>
        {source.status === 'FAILED' && source.failureReason && (
          <Text size="sm" c="red" data-testid="knowledge-failure">
            {source.failureReason}
          </Text>
        )}
      </Stack>
      <RenameDialog source={source} opened={dialog === 'rename'} onClose={() => setDialog(null)} />
      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title="Delete this source?" centered radius="lg">
        <Stack gap="md">
          <Text size="sm">
            “{source.title}” and everything your twin learned from it go. Your twin stops using it from the next message.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ talentId, sourceId: source.id })}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

const renameFields = knowledgeRenameInput.pick({ title: true });

function RenameDialog({ source, opened, onClose }: { source: KnowledgeSourceView; opened: boolean; onClose: () => void }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: source.title },
    validate: schemaResolver(renameFields, { sync: true }),
  });
  const rename = trpc.talent.knowledge.rename.useMutation();
  const { onSubmit, error } = useServerForm(
    form,
    (values) => rename.mutateAsync({ talentId, sourceId: source.id, ...renameFields.parse(values) }),
    {
      savedMessage: 'Renamed.',
      onSaved: () => {
        onClose();
        void utils.talent.knowledge.list.invalidate({ talentId });
      },
    },
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Rename source" centered radius="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="Title" data-autofocus {...form.getInputProps('title')} />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
