import { type AdminFaqFormValues, type AdminFaqView, adminFaqForm, faqItemsToData } from '@doppel/validation';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { questionCountLabel } from './faq-format.ts';

function valuesOf(faq: AdminFaqView): AdminFaqFormValues {
  return { name: faq.name, data: faqItemsToData(faq.items) };
}

/**
 * An FAQ's name and its questions and answers as "Q: …" / "A: …" lines (docs/product-rules.md#admin-back-office, #faq-text), saved with
 * Update FAQ. The data text is parsed here with the procedure's own rules, so a bad row is named
 * under the field before anything is sent. Used by the FAQ detail and the talent detail's Faq tab.
 */
export function FaqEditor({ faq, footer }: { faq: AdminFaqView; footer?: ReactNode }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.faqs.update.useMutation();
  const form = useForm<AdminFaqFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(faq),
    validate: schemaResolver(adminFaqForm, { sync: true }),
    // Named when the admin leaves the field, not on every keystroke while a pair is half typed.
    validateInputOnBlur: true,
  });
  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => {
      const parsed = adminFaqForm.parse(values);
      return update.mutateAsync({ id: faq.id, name: parsed.name, items: parsed.data });
    },
    {
      onSaved: (saved) => {
        utils.admin.faqs.get.setData({ id: saved.id }, saved);
        void utils.admin.faqs.list.invalidate();
        void utils.admin.faqs.forTalent.invalidate();
      },
    },
  );

  // A change made elsewhere shows at once unless this form holds unsaved edits.
  useSyncFormWithData(form, valuesOf(faq));

  const embedded = faq.items.filter((item) => item.hasEmbedding).length;

  return (
    <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate maw={820} data-testid="faq-editor" data-id={faq.id}>
      <Stack>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <Textarea
          label="Data"
          description="One row per line: a question row “Q: …”, then its answer row “A: …”."
          placeholder={'Q: Do free credits expire?\nA: No, free credits never expire.'}
          autosize
          minRows={5}
          maxRows={20}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('data')}
        />
        <Text size="xs" c="dimmed" data-testid="faq-stored-count">
          {faq.items.length === 0
            ? 'No questions saved yet.'
            : `${questionCountLabel(faq.items.length)} saved; ${embedded} ready for replies. New or edited questions are indexed on the next reply.`}
        </Text>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="md">{footer}</Group>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
