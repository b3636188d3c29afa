import { knowledgeAddTextInput, knowledgeAddUrlInput, knowledgeLimits } from '@doppel/validation';
import { Alert, Button, FileButton, Group, Paper, Stack, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconFileUpload, IconLink, IconPencil } from '@tabler/icons-react';
import { checkKnowledgeFile, knowledgeFileAccept } from '../../../components/knowledge-format.ts';
import { toUploadFile } from '../../../forms/image-file.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { UploadBatchStatus, useUploadBatch } from '../settings/upload-batch-status.tsx';
import { useTalentContext } from '../talent-context.ts';

/** Adding a source: upload files, paste a text, or give a web page address. */
export function AddSourceCard({ full }: { full: boolean }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Tabs defaultValue="file" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="file" leftSection={<IconFileUpload size={16} />}>
            File
          </Tabs.Tab>
          <Tabs.Tab value="text" leftSection={<IconPencil size={16} />}>
            Text
          </Tabs.Tab>
          <Tabs.Tab value="url" leftSection={<IconLink size={16} />}>
            Web page
          </Tabs.Tab>
        </Tabs.List>
        <Stack pt="md" gap="sm">
          {full && (
            <Alert color="yellow" variant="light" icon={<IconAlertCircle />}>
              Your twin has {knowledgeLimits.sourcesPerTwin} sources, the most it can have. Delete a source to add another.
            </Alert>
          )}
          <Tabs.Panel value="file">
            <FileUpload disabled={full} />
          </Tabs.Panel>
          <Tabs.Panel value="text">
            <PasteTextForm disabled={full} />
          </Tabs.Panel>
          <Tabs.Panel value="url">
            <WebPageForm disabled={full} />
          </Tabs.Panel>
        </Stack>
      </Tabs>
    </Paper>
  );
}

const batchTitle = (failed: number, total: number) =>
  total === 1 ? 'The file could not be added' : `${failed} of ${total} files could not be added`;

/** Files are stored one after another (files.upload, purpose 'knowledge') and each becomes a source. */
function FileUpload({ disabled }: { disabled: boolean }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const { progress, failures, uploadAll, dismiss } = useUploadBatch({
    handle: async (file) => {
      const uploaded = await utils.client.files.upload.mutate({
        ownerType: 'TALENT',
        ownerId: talentId,
        purpose: 'knowledge',
        file: await toUploadFile(file),
      });
      return utils.client.talent.knowledge.addFile.mutate({
        talentId,
        filePath: uploaded.filePath,
        originalFileName: file.name,
      });
    },
    check: checkKnowledgeFile,
    done: () => void utils.talent.knowledge.list.invalidate({ talentId }),
    label: 'Knowledge upload',
    path: 'talent.knowledge.addFile',
  });

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        PDF, Word (.docx), text, Markdown, subtitles (.srt, .vtt) or a CSV of questions and answers, up to{' '}
        {knowledgeLimits.fileBytes / 1024 / 1024} MB each.
      </Text>
      <Group>
        <FileButton
          multiple
          accept={knowledgeFileAccept}
          onChange={(files) => void uploadAll(files)}
          disabled={disabled}
          inputProps={{ 'aria-label': 'Knowledge files' }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconFileUpload size={18} />} loading={progress !== null} disabled={disabled}>
              Upload files
            </Button>
          )}
        </FileButton>
      </Group>
      <UploadBatchStatus progress={progress} failures={failures} title={batchTitle} onDismiss={dismiss} />
    </Stack>
  );
}

const textFields = knowledgeAddTextInput.omit({ talentId: true });

function PasteTextForm({ disabled }: { disabled: boolean }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const initialValues = { title: '', text: '' };
  const form = useForm({ mode: 'controlled', initialValues, validate: schemaResolver(textFields, { sync: true }) });
  const add = trpc.talent.knowledge.addText.useMutation();
  const { onSubmit, error } = useServerForm(form, (values) => add.mutateAsync({ talentId, ...textFields.parse(values) }), {
    savedMessage: 'Added. Your twin is reading it.',
    onSaved: () => {
      form.setValues(initialValues);
      form.resetDirty(initialValues);
      void utils.talent.knowledge.list.invalidate({ talentId });
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Title"
          placeholder="My travel tips"
          maxLength={knowledgeLimits.titleLength}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Text"
          description="Markdown headings (# Title) keep passages together under them."
          autosize
          minRows={4}
          maxRows={12}
          {...form.getInputProps('text')}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} disabled={disabled}>
            Add text
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const urlFields = knowledgeAddUrlInput.omit({ talentId: true });

function WebPageForm({ disabled }: { disabled: boolean }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const initialValues = { url: '', title: '' };
  const form = useForm({
    mode: 'controlled',
    initialValues,
    // An empty title is no title: the page's own title is used.
    validate: (values) => schemaResolver(urlFields, { sync: true })({ ...values, title: values.title.trim() || undefined }),
  });
  const add = trpc.talent.knowledge.addUrl.useMutation();
  const { onSubmit, error } = useServerForm(
    form,
    (values) => add.mutateAsync({ talentId, ...urlFields.parse({ url: values.url, title: values.title.trim() || undefined }) }),
    {
      savedMessage: 'Added. Your twin is reading the page.',
      onSaved: () => {
        form.setValues(initialValues);
        form.resetDirty(initialValues);
        void utils.talent.knowledge.list.invalidate({ talentId });
      },
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Web address" placeholder="https://" type="url" inputMode="url" {...form.getInputProps('url')} />
        <TextInput
          label="Title"
          description="Optional: the page’s own title is used otherwise."
          maxLength={knowledgeLimits.titleLength}
          {...form.getInputProps('title')}
        />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} disabled={disabled}>
            Add web page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
