import {
  type QualityCaseView,
  type QualityCategory,
  qualityCaseAddInput,
  qualityCategories,
  qualityCategoryLabels,
} from '@doppel/validation';
import { Badge, Button, Group, Modal, Paper, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { handleError } from '../../../errors/handle-error.ts';
import { ListSkeleton } from '../../../kit/admin-list.tsx';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';

type CaseValues = { category: QualityCategory; question: string; expected: string };
const caseForm = qualityCaseAddInput.pick({ category: true, question: true, expected: true });

/**
 * The twin's check set by category. AUTO cases follow the twin's FAQ, knowledge, corrections and
 * boundaries, so an admin only switches them off; the admin's own cases are edited and deleted.
 */
export function QualityCases({ talentId }: { talentId: string }) {
  const query = trpc.admin.quality.cases.useQuery({ talentId });
  const [editing, setEditing] = useState<QualityCaseView | 'new' | null>(null);
  const cases = query.data?.cases ?? [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="quality-cases-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <div>
            <Title order={4} id="quality-cases-title">
              Check set
            </Title>
            <Text size="xs" c="dimmed">
              {cases.filter((c) => c.enabled).length} of {cases.length} questions on
            </Text>
          </div>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="quality-add-case">
            Add question
          </Button>
        </Group>
        {query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <ListSkeleton label="Check set" rows={3} />
        ) : cases.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="quality-cases-empty">
            No questions yet: the check set fills in from the twin’s FAQ, knowledge, corrections and boundaries.
          </Text>
        ) : (
          qualityCategories
            .filter((category) => cases.some((c) => c.category === category))
            .map((category) => (
              <Stack key={category} gap={6} data-testid={`quality-category-${category}`}>
                <Text size="sm" fw={700}>
                  {qualityCategoryLabels[category]}
                </Text>
                {cases
                  .filter((c) => c.category === category)
                  .map((c) => (
                    <CaseRow key={c.id} talentId={talentId} item={c} onEdit={() => setEditing(c)} />
                  ))}
              </Stack>
            ))
        )}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a question' : 'Edit the question'}
        size="lg"
      >
        {editing !== null && (
          <CaseForm talentId={talentId} item={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Paper>
  );
}

function CaseRow({ talentId, item, onEdit }: { talentId: string; item: QualityCaseView; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const onSaved = (saved: { cases: QualityCaseView[] }) => utils.admin.quality.cases.setData({ talentId }, saved);
  const switchCase = trpc.admin.quality.switchCase.useMutation({ onSuccess: onSaved, onError: (error) => handleError(error) });
  const deleteCase = trpc.admin.quality.deleteCase.useMutation({ onSuccess: onSaved, onError: (error) => handleError(error) });
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="quality-case" data-origin={item.origin} data-enabled={item.enabled}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0, opacity: item.enabled ? 1 : 0.6 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.question}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.expected}
          </Text>
          <Badge size="xs" variant="light" color={item.origin === 'ADMIN' ? 'violet' : 'gray'}>
            {item.origin === 'ADMIN' ? 'Added by an admin' : 'Automatic'}
          </Badge>
        </Stack>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Switch
            size="sm"
            checked={item.enabled}
            disabled={switchCase.isPending}
            onChange={(event) => switchCase.mutate({ talentId, caseId: item.id, enabled: event.currentTarget.checked })}
            aria-label={item.enabled ? 'Switch this question off' : 'Switch this question on'}
          />
          {item.origin === 'ADMIN' && (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={onEdit}>
                Edit
              </Button>
              <ConfirmButton
                size="compact-xs"
                variant="subtle"
                color="red"
                title="Delete this question?"
                message="It leaves the check set; past runs keep their scores."
                confirmLabel="Delete"
                loading={deleteCase.isPending}
                onConfirm={() => deleteCase.mutate({ talentId, caseId: item.id })}
              >
                Delete
              </ConfirmButton>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function CaseForm({ talentId, item, onDone }: { talentId: string; item: QualityCaseView | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<CaseValues>({
    mode: 'controlled',
    initialValues: { category: item?.category ?? 'FAQ', question: item?.question ?? '', expected: item?.expected ?? '' },
    validate: schemaResolver(caseForm, { sync: true }),
  });
  const add = trpc.admin.quality.addCase.useMutation();
  const update = trpc.admin.quality.updateCase.useMutation();
  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => (item ? update.mutateAsync({ talentId, caseId: item.id, ...values }) : add.mutateAsync({ talentId, ...values })),
    {
      onSaved: (saved) => {
        utils.admin.quality.cases.setData({ talentId }, saved);
        onDone();
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Question">
      <Stack gap="sm">
        <Select
          label="Category"
          data={qualityCategories.map((category) => ({ value: category, label: qualityCategoryLabels[category] }))}
          allowDeselect={false}
          {...form.getInputProps('category')}
        />
        <Textarea label="What the fan asks" autosize minRows={2} maxRows={6} {...form.getInputProps('question')} />
        <Textarea label="What a good answer says" autosize minRows={2} maxRows={8} {...form.getInputProps('expected')} />
        <FormFooter error={error} saving={saving} onCancel={onDone} />
      </Stack>
    </form>
  );
}
