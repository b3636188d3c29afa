import type { AdminChatPromptRecord } from '@doppel/validation';
import { Alert, Code, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { prettyJson, sentDiffers, splitSentText } from './chat-format.ts';
import { OfflineEngineNote } from './prompt-input-tab.tsx';

/** The Output tab: the model's text, what was sent instead, the function call, token usage. */
export function PromptOutputTab({ prompt }: { prompt: AdminChatPromptRecord }) {
  const sent =
    prompt.responseFallbackText !== null && sentDiffers(prompt.responseText, prompt.responseFallbackText)
      ? splitSentText(prompt.responseFallbackText)
      : null;
  return (
    <Stack gap="lg" data-testid="prompt-output">
      {prompt.llmType === 'OFFLINE' && <OfflineEngineNote />}

      <Stack gap="xs">
        <Title order={4}>Response</Title>
        {prompt.responseText?.trim() ? (
          <Paper withBorder p="sm" radius="md">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="prompt-response-text">
              {prompt.responseText}
            </Text>
          </Paper>
        ) : (
          <Text size="sm" c="dimmed">
            The model gave no text{prompt.responseFunction ? ', only a function call' : ''}.
          </Text>
        )}
      </Stack>

      {sent && (
        <Stack gap="xs">
          <Title order={4}>Sent to the fan</Title>
          <Text size="xs" c="dimmed">
            What the fan actually received, where it differs from the model’s text.
          </Text>
          {sent.text.trim() !== '' && (
            <Paper withBorder p="sm" radius="md">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="prompt-sent-text">
                {sent.text}
              </Text>
            </Paper>
          )}
          {sent.note && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Something failed">
              {sent.note}
            </Alert>
          )}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={4}>Function call</Title>
        {prompt.responseFunction ? (
          <>
            <Code>{prompt.responseFunction.name}</Code>
            <Code block style={{ whiteSpace: 'pre-wrap' }} data-testid="prompt-function-arguments">
              {prettyJson(prompt.responseFunction.arguments)}
            </Code>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>Token usage</Title>
        {prompt.tokenUsage ? (
          <SimpleGrid cols={3} spacing="sm">
            <Count label="Prompt" value={prompt.tokenUsage.promptTokens} />
            <Count label="Completion" value={prompt.tokenUsage.completionTokens} />
            <Count label="Total" value={prompt.tokenUsage.totalTokens} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {prompt.llmType === 'OFFLINE' ? 'None: the offline engine uses no tokens.' : 'Not reported.'}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value.toLocaleString('en')}</Text>
    </Paper>
  );
}
