// The home's Correct dialog (docs/quality.md): the creator writes the right answer to one of the
// twin's weakest, which becomes a correction. A chunk of its own: the form's schema and the Modal
// load on the first Correct, not with the dashboard.
import { qualityCorrectInput, type TalentQualityOutput } from '@doppel/validation';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';

type Weak = TalentQualityOutput['weakest'][number];
const correctForm = qualityCorrectInput.pick({ text: true });

/** Open while `weak` is set; closing keeps the last answer's form until the transition ends. */
export function CorrectDialog({ talentId, weak, onClose }: { talentId: string; weak: Weak | null; onClose: () => void }) {
  return (
    <Modal opened={weak !== null} onClose={onClose} title="Write the right answer" size="lg">
      {weak && <CorrectForm talentId={talentId} weak={weak} onDone={onClose} />}
    </Modal>
  );
}

function CorrectForm({ talentId, weak, onDone }: { talentId: string; weak: Weak; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ text: string }>({
    mode: 'controlled',
    initialValues: { text: weak.correction ?? '' },
    validate: schemaResolver(correctForm, { sync: true }),
  });
  const correct = trpc.talent.quality.correct.useMutation();
  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => correct.mutateAsync({ talentId, caseId: weak.caseId, text: values.text }),
    {
      savedMessage: 'Thanks! Your twin answers like this from now on.',
      onSaved: () => {
        void utils.talent.quality.get.invalidate({ talentId });
        void utils.talent.corrections.invalidate();
        onDone();
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Correct the answer">
      <Stack gap="sm">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {weak.question}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Your twin answered: {weak.answer}
        </Text>
        <Textarea
          label="Your answer"
          description="How you would answer this fan. Your twin learns from it."
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...form.getInputProps('text')}
        />
        <FormFooter error={error} saving={saving} onCancel={onDone} submitLabel="Save answer" submitTestId="twin-quality-save" />
      </Stack>
    </form>
  );
}
