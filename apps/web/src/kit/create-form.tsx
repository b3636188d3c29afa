import { Paper, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { notifySuccess } from '../components/notify-success.ts';
import { FormFooter } from './form-footer.tsx';
import { useServerForm } from './use-server-form.ts';

/**
 * The create screens of docs/product-rules.md#lists-and-create-screens (FAQ, Model, Talent, Discover entry): one field and Create; then
 * the new item's page and "Saved!".
 */
export function CreateForm<Field extends string>({
  field,
  label,
  placeholder,
  schema,
  create,
  detailPath,
}: {
  field: Field;
  label: string;
  placeholder?: string;
  /** The create payload's schema: the same messages on the screen as from the server. */
  schema: z.ZodType<Record<Field, string>>;
  create: (values: Record<Field, string>) => Promise<{ id: string }>;
  detailPath: (id: string) => string;
}) {
  const navigate = useNavigate();
  const form = useForm<Record<Field, string>>({
    mode: 'controlled',
    initialValues: { [field]: '' } as Record<Field, string>,
    validate: schemaResolver(schema, { sync: true }),
  });
  const { onSubmit, saving, error } = useServerForm(form, create, {
    savedMessage: null,
    onSaved: (created) => {
      navigate(detailPath(created.id));
      notifySuccess();
    },
  });

  return (
    <Paper withBorder p="lg" maw={560} component="form" onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label={label} placeholder={placeholder} data-autofocus autoFocus {...form.getInputProps(field)} />
        <FormFooter error={error} saving={saving} submitLabel="Create" />
      </Stack>
    </Paper>
  );
}
