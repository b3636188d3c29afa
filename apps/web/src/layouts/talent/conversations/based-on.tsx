import type { BasedOnPassage } from '@doppel/validation';
import { Stack, Text } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';

/**
 * Under a twin reply: the knowledge sources it was based on ("Based on: Ten days on Madeira"),
 * each opening to the passage the reply was given (docs/knowledge.md).
 */
export function BasedOn({ passages }: { passages: BasedOnPassage[] }) {
  if (passages.length === 0) return null;
  return (
    <Stack gap={2} maw="85%" data-testid="conversation-based-on">
      {passages.map((passage) => (
        <details key={`${passage.sourceId}:${passage.heading ?? ''}:${passage.text.slice(0, 80)}`}>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>
            <IconBook2 size={12} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
            Based on: {passage.sourceTitle}
            {passage.heading ? ` · ${passage.heading}` : ''}
          </summary>
          <Text
            size="xs"
            c="dimmed"
            mt={4}
            pl="sm"
            style={{ whiteSpace: 'pre-wrap', borderLeft: '2px solid var(--mantine-color-gray-3)' }}
          >
            {passage.text}
          </Text>
        </details>
      ))}
    </Stack>
  );
}
