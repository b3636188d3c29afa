import type { AdminChatPromptRecord } from '@doppel/validation';
import { Accordion, Alert, Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { engineLabel, formatScore, prettyJson } from './chat-format.ts';

const messageColors = { SYSTEM: 'gray', USER: 'blue', TALENT: 'doppel' } as const;

/**
 * The Input tab: engine and model, the messages sent, the fan memories, the creator's corrections
 * used as examples, the FAQ items found, the functions offered.
 */
export function PromptInputTab({ prompt }: { prompt: AdminChatPromptRecord }) {
  return (
    <Stack gap="lg" data-testid="prompt-input">
      {prompt.llmType === 'OFFLINE' && <OfflineEngineNote />}

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Fact label="Engine" value={engineLabel(prompt.llmType)} />
        <Fact
          label={prompt.llmType === 'OFFLINE' ? 'Configured model (not called)' : 'Model'}
          value={prompt.llmFineTunedModelId ?? 'Not recorded'}
          mono
        />
        <Fact label="Temperature" value={String(prompt.llmTemperature)} />
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={4}>Messages sent ({prompt.messages.length})</Title>
        {prompt.messages.length === 0 ? (
          <Text size="sm" c="dimmed">
            No messages were recorded (the reply failed before the prompt was built).
          </Text>
        ) : (
          prompt.messages.map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the recorded messages never change order.
            <Stack key={index} gap={4} data-testid="prompt-message" data-type={message.type}>
              <Badge size="xs" variant="light" color={messageColors[message.type]}>
                {message.type}
              </Badge>
              {message.type === 'SYSTEM' ? (
                <Code block data-testid="system-prompt" style={{ whiteSpace: 'pre-wrap', maxHeight: 360, overflow: 'auto' }}>
                  {message.text}
                </Code>
              ) : (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.text}
                </Text>
              )}
            </Stack>
          ))
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>Remembered about the fan ({prompt.memories.length})</Title>
        {prompt.memories.length === 0 ? (
          <Text size="sm" c="dimmed">
            The twin remembered nothing about this fan for this reply.
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="prompt-memories">
            {prompt.memories.map((memory) => (
              <Group key={memory.id} gap="xs" component="li" wrap="nowrap">
                <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
                  {memory.kind}
                </Badge>
                <Text size="sm">{memory.text}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>Corrections used as examples ({prompt.examples.length})</Title>
        {prompt.examples.length === 0 ? (
          <Text size="sm" c="dimmed">
            No correction of the creator was like this message.
          </Text>
        ) : (
          <Table withTableBorder fz="sm" data-testid="prompt-examples">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fan said</Table.Th>
                <Table.Th>Creator answered</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prompt.examples.map((example) => (
                <Table.Tr key={example.correctionId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{example.fanText}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{example.answerText}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatScore(example.score)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>FAQ items</Title>
        {prompt.faqItems.length === 0 ? (
          <Text size="sm" c="dimmed">
            No FAQ item reached the minimum score
            {prompt.faqMinScore !== null ? ` (${formatScore(prompt.faqMinScore)})` : ''}.
          </Text>
        ) : (
          <Table withTableBorder fz="sm" data-testid="prompt-faq">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Question</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prompt.faqItems.map((item) => (
                <Table.Tr key={item.question}>
                  <Table.Td>{item.question}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatScore(item.score)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {prompt.faqMinScore !== null && prompt.faqItems.length > 0 && (
          <Text size="xs" c="dimmed">
            Minimum score {formatScore(prompt.faqMinScore)}
          </Text>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>Knowledge passages ({prompt.passages.length})</Title>
        {prompt.passages.length === 0 ? (
          <Text size="sm" c="dimmed">
            No passage of the twin's sources fitted the fan's message.
          </Text>
        ) : (
          <Table withTableBorder fz="sm" data-testid="prompt-passages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source and passage</Table.Th>
                <Table.Th ta="right">Words</Table.Th>
                <Table.Th ta="right">Meaning</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prompt.passages.map((passage) => (
                <Table.Tr key={passage.passageId}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {passage.sourceTitle}
                      {passage.heading ? ` · ${passage.heading}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                      {passage.text}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatScore(passage.textScore)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatScore(passage.vectorScore)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatScore(passage.score)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4}>Functions offered</Title>
        {prompt.functions.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <Accordion variant="separated" multiple>
            {prompt.functions.map((fn) => (
              <Accordion.Item key={fn.name} value={fn.name}>
                <Accordion.Control>
                  <Stack gap={2}>
                    <Code>{fn.name}</Code>
                    <Text size="xs" c="dimmed">
                      {fn.description}
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <Code block style={{ whiteSpace: 'pre-wrap' }}>
                    {prettyJson(fn.parameters)}
                  </Code>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Stack>
  );
}

/** The requirement: the prompt view says plainly that the offline engine answered. */
export function OfflineEngineNote() {
  return (
    <Alert color="yellow" variant="light" icon={<IconPlugConnectedX />} title="Offline engine" data-testid="offline-engine-note">
      Answered without a language model (no OPENAI_API_KEY / OPENAI_BASE_URL configured). The built-in engine composed this reply
      from the twin’s persona, facts, FAQ and the creator’s corrections.
    </Alert>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4}>
        <Text size="sm" fw={600} ff={mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      </Group>
    </Paper>
  );
}
