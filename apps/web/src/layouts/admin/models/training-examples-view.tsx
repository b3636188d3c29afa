import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { countLabel, examplesPreview } from './model-format.ts';

/**
 * The saved training examples, read-only (docs/product-rules.md#admin-back-office, #constants-and-limits: "shown up to 10 lines"), with "Show all" to
 * read the rest; what a version generated now would train on.
 */
export function TrainingExamplesView({ text, exampleCount }: { text: string; exampleCount: number }) {
  const [expanded, setExpanded] = useState(false);
  const preview = examplesPreview(text, expanded);
  // The toggle stays while the text is longer than 10 lines, whichever way it is showing.
  const long = examplesPreview(text, false).hiddenLines > 0;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="model-examples-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id="model-examples-title">
            Saved training examples
          </Title>
          <Text size="sm" c="dimmed" data-testid="model-example-count">
            {countLabel(exampleCount, 'example')}
          </Text>
        </Group>
        {text === '' ? (
          <Text size="sm" c="dimmed" data-testid="model-examples-empty">
            No training examples saved yet.
          </Text>
        ) : (
          <Code
            block
            data-testid="model-examples-text"
            data-expanded={expanded}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: expanded ? 600 : undefined, overflowY: 'auto' }}
          >
            {preview.text}
          </Code>
        )}
        {long && (
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {preview.hiddenLines > 0 ? `${countLabel(preview.hiddenLines, 'more line')} hidden` : ''}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setExpanded((open) => !open)} aria-expanded={expanded}>
              {expanded ? 'Show less' : 'Show all'}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
