import { type AdminModelDetail, type AdminModelRegisterVersionInput, adminModelRegisterVersionInput } from '@doppel/validation';
import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifySuccess } from '../../../components/notify-success.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';

/**
 * "Register a version" (docs/fine-tuning.md#bring-your-own-model): a model trained elsewhere and
 * served by an OpenAI-compatible endpoint (vLLM, Ollama, a hosted LoRA). The server asks it for a
 * tiny completion first and refuses with its words. The key is write-only: cleared once sent.
 */
export function RegisterVersionForm({ model }: { model: AdminModelDetail }) {
  const utils = trpc.useUtils();
  const register = trpc.admin.models.registerVersion.useMutation();
  const form = useForm<AdminModelRegisterVersionInput>({
    mode: 'controlled',
    initialValues: { modelId: model.id, modelName: '', endpointUrl: '', apiKey: '' },
    validate: schemaResolver(adminModelRegisterVersionInput, { sync: true }),
  });
  const { onSubmit, saving, error } = useServerForm(form, (values) => register.mutateAsync(values), {
    onSaved: (saved) => {
      utils.admin.models.get.setData({ modelId: saved.id }, saved);
      form.setValues({ modelId: model.id, modelName: '', endpointUrl: '', apiKey: '' });
      notifySuccess('Version registered: make it the default to answer with it.');
    },
  });
  return (
    <FormCard title="Register a version" description="A model you serve yourself, at an OpenAI-compatible endpoint.">
      <form onSubmit={onSubmit} noValidate aria-label="Register a version">
        <Stack gap="md">
          <TextInput label="Model id" placeholder="my-org/hiker-lora" {...form.getInputProps('modelName')} />
          <TextInput
            label="Endpoint URL"
            placeholder="http://10.0.0.5:8000/v1"
            inputMode="url"
            {...form.getInputProps('endpointUrl')}
          />
          <PasswordInput
            label="API key"
            description="Optional; stored for replies, never shown again."
            autoComplete="off"
            {...form.getInputProps('apiKey')}
          />
          <FormFooter error={error} saving={saving} errorTestId="register-version-error" submitLabel="Check and register" />
        </Stack>
      </form>
    </FormCard>
  );
}
