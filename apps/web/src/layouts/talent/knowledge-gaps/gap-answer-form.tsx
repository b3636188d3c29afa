import {
  faqAnswerMaxLength,
  type KnowledgeGapAnswerFields,
  type KnowledgeGapGroup,
  knowledgeGapAnswerFields,
} from '@doppel/validation';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';

/**
 * A group's answer, shown when its row is opened: the question (editable, it becomes the FAQ's
 * wording) and the creator's answer. Saving adds it to the twin's FAQ; the list then re-matches it
 * and the row goes.
 */
export function GapAnswerForm({ group, onCancel }: { group: KnowledgeGapGroup; onCancel: () => void }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm<KnowledgeGapAnswerFields>({
    mode: 'controlled',
    initialValues: { question: group.question, answer: '' },
    validate: schemaResolver(knowledgeGapAnswerFields, { sync: true }),
  });
  const mutation = trpc.talent.knowledgeGaps.answer.useMutation();

  const { onSubmit: submit, error: otherError } = useServerForm(
    form,
    (values) => mutation.mutateAsync({ talentId, ...knowledgeGapAnswerFields.parse(values) }),
    {
      savedMessage: 'Added to your twin’s FAQ.',
      onSaved: () => void utils.talent.knowledgeGaps.list.invalidate({ talentId }),
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" pt="sm">
        <TextInput label="Question" size="md" {...form.getInputProps('question')} />
        <Textarea
          label="Your answer"
          placeholder="Answer as you would to a fan"
          size="md"
          autosize
          minRows={2}
          maxRows={8}
          maxLength={faqAnswerMaxLength}
          data-autofocus
          {...form.getInputProps('answer')}
        />
        {otherError && (
          <Text size="sm" c="red" role="alert">
            {otherError}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Add to FAQ
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
