import {
  faqAnswerMaxLength,
  type KnowledgeGapAnswerFields,
  type KnowledgeGapGroup,
  knowledgeGapAnswerFields,
} from '@doppel/validation';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';

const askedLabel = (count: number) => (count === 1 ? 'Asked once' : `Asked ${count} times`);

/**
 * /knowledge-gaps: questions fans asked that the twin's FAQ did not cover, grouped, most asked
 * first. Answering one adds it to the FAQ; the list then re-matches it and the group goes.
 */
export function KnowledgeGapsPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.knowledgeGaps.list.useQuery({ talentId });
  // New replies and FAQ changes arrive on the talent's scope.
  useTalentLive(talentId, () => void utils.talent.knowledgeGaps.list.invalidate({ talentId }));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
          Knowledge gaps
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Questions fans asked {query.data ? `in the last ${query.data.days} days ` : ''}that your twin had no answer for. Answer
          one and your twin uses it from the next fan on.
        </Text>
      </div>
      {query.isPending ? (
        <LoadingPanel />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.groups.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="knowledge-gaps-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal">
              <IconBulb size={26} />
            </ThemeIcon>
            <Text fw={600}>No gaps right now</Text>
            <Text size="sm" c="dimmed">
              When fans ask something your twin’s FAQ does not cover, it shows up here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        query.data.groups.map((group) => <GapCard key={`${group.question}|${group.lastAskedAt}`} group={group} />)
      )}
    </Stack>
  );
}

function GapCard({ group }: { group: KnowledgeGapGroup }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const [otherError, setOtherError] = useState<string | null>(null);
  const form = useForm<KnowledgeGapAnswerFields>({
    mode: 'controlled',
    initialValues: { question: group.question, answer: '' },
    validate: schemaResolver(knowledgeGapAnswerFields, { sync: true }),
  });
  const mutation = trpc.talent.knowledgeGaps.answer.useMutation();

  const submit = form.onSubmit((values) => {
    setOtherError(null);
    mutation.mutate(
      { talentId, ...knowledgeGapAnswerFields.parse(values) },
      {
        onSuccess: () => {
          notifySuccess('Added to your twin’s FAQ.');
          void utils.talent.knowledgeGaps.list.invalidate({ talentId });
        },
        onError: (error) => {
          const described = describeError(error);
          const { onFields, other } = splitFieldErrors(described.fieldErrors, ['question', 'answer']);
          form.setErrors(onFields);
          setOtherError(other ?? (described.fieldErrors ? null : described.message));
        },
      },
    );
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="knowledge-gap">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {group.question}
          </Text>
          <Badge variant="light" style={{ flexShrink: 0 }} data-testid="knowledge-gap-count">
            {askedLabel(group.count)}
          </Badge>
        </Group>
        {group.examples.length > 1 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Also asked as:
            </Text>
            {group.examples.slice(1).map((example) => (
              <Text key={example} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                “{example}”
              </Text>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          Last asked {formatDateTime(group.lastAskedAt)}
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Question" size="md" {...form.getInputProps('question')} />
            <Textarea
              label="Your answer"
              placeholder="Answer as you would to a fan"
              size="md"
              autosize
              minRows={2}
              maxRows={8}
              maxLength={faqAnswerMaxLength}
              {...form.getInputProps('answer')}
            />
            {otherError && (
              <Text size="sm" c="red" role="alert">
                {otherError}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending} fullWidth={false}>
                Add to FAQ
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
