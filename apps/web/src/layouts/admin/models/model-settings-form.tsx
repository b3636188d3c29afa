import {
  type AdminModelDetail,
  type AdminModelUpdateInput,
  adminModelUpdateInput,
  modelProviderLabels,
  parseTrainingExamples,
  type TrainingProvider,
} from '@doppel/validation';
import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { baseOptions } from './model-format.ts';

// The procedure's own payload and the parser of docs/product-rules.md#training-examples, so a bad examples line is named under the field
// before anything is sent, in the very words the server would use.
const modelSettingsSchema = adminModelUpdateInput.superRefine((values, ctx) => {
  const parsed = parseTrainingExamples(values.trainingExamplesText);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['trainingExamplesText'], message: parsed.error });
});

function valuesOf(model: AdminModelDetail): AdminModelUpdateInput {
  return {
    modelId: model.id,
    name: model.name,
    // Shown as the provider it resolves to; saved, it becomes the model's own.
    provider: model.provider ?? model.providers[0]?.provider ?? null,
    base: model.base,
    trainingExamplesText: model.trainingExamplesText,
  };
}

/** The configured providers, plus the model's own if the server no longer offers it (so it still shows). */
function providerOptions(model: AdminModelDetail) {
  const offered = model.providers.map((entry) => entry.provider);
  const all = model.provider && !offered.includes(model.provider) ? [...offered, model.provider] : offered;
  return all.map((provider) => ({ value: provider, label: modelProviderLabels[provider] }));
}

/**
 * "Settings": the model's name, base and training examples (docs/product-rules.md#admin-back-office, #training-examples). Versions snapshot the
 * saved examples when generated, so editing here never changes a version already made.
 */
export function ModelSettingsForm({ model }: { model: AdminModelDetail }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.models.update.useMutation();
  const form = useForm<AdminModelUpdateInput>({
    mode: 'controlled',
    initialValues: valuesOf(model),
    validate: schemaResolver(modelSettingsSchema, { sync: true }),
  });
  // A change made elsewhere (another admin) shows at once unless this form holds unsaved edits.
  useSyncFormWithData(form, valuesOf(model));
  const provider = (form.values.provider ?? model.providers[0]?.provider ?? 'offline') as TrainingProvider;
  const bases = model.providers.find((entry) => entry.provider === provider)?.bases ?? [];
  const { onSubmit, saving, error } = useServerForm(form, (values) => update.mutateAsync(values), {
    onSaved: (saved) => {
      utils.admin.models.get.setData({ modelId: saved.id }, saved);
      void utils.admin.models.list.invalidate();
    },
  });

  return (
    <FormCard title="Settings" description="Generate a new version to fine-tune on the saved examples.">
      <form onSubmit={onSubmit} noValidate aria-label="Model settings">
        <Stack gap="md">
          <TextInput label="Name" {...form.getInputProps('name')} />
          <Select
            label="Provider"
            description="Who trains the new versions."
            data={providerOptions(model)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('provider')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('provider', value as TrainingProvider);
              // Another provider's bases: start on its default unless the base is one of them.
              const next = model.providers.find((entry) => entry.provider === value)?.bases ?? [];
              if (!next.includes(form.values.base)) form.setFieldValue('base', next[0] ?? form.values.base);
            }}
          />
          <Select
            label="Base"
            description="The model a new version is fine-tuned from."
            data={baseOptions(bases, form.values.base)}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('base')}
          />
          <Textarea
            label="Training examples"
            description="One message a line: U: user, A: assistant, S: system; a line NEW starts the next example; at least 20 examples."
            placeholder={'U: Hi, who are you?\nA: I am Mia, nice to meet you!\nNEW\nU: …'}
            autosize
            minRows={5}
            maxRows={20}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            {...form.getInputProps('trainingExamplesText')}
          />
          <FormFooter error={error} saving={saving} errorTestId="model-form-error" />
        </Stack>
      </form>
    </FormCard>
  );
}
