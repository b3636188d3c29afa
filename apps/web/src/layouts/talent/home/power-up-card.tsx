import { Badge, Button, Card, Group, RingProgress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { nextTaskDetails, progressPercent } from './next-task.ts';

/**
 * "Power up your AI twin": the task ring with the next task while tasks remain; once all is set it
 * shrinks to one line, below what needs the creator today.
 */
export function PowerUpCard({ done, total, nextTask }: { done: number; total: number; nextTask: keyof typeof nextTaskDetails }) {
  const details = nextTaskDetails[nextTask];
  const percent = progressPercent(done, total);
  const complete = nextTask === 'COMPLETE';
  if (complete) {
    return (
      <Card withBorder radius="lg" padding="sm" data-testid="power-up">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" size="md">
            <IconCheck size={16} />
          </ThemeIcon>
          <Text size="sm" fw={600} data-testid="next-task">
            Your AI twin is all set up
          </Text>
        </Group>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="power-up">
      <Group wrap="nowrap" gap="md" align="center">
        <RingProgress
          size={104}
          thickness={10}
          roundCaps
          sections={[{ value: percent, color: complete ? 'teal' : 'doppel' }]}
          label={
            complete ? (
              <ThemeIcon color="teal" variant="light" radius="xl" size={44} mx="auto">
                <IconCheck size={26} />
              </ThemeIcon>
            ) : (
              <Text ta="center" fw={800} size="lg" data-testid="power-up-count">
                {done}/{total}
              </Text>
            )
          }
          aria-label={`${done} of ${total} tasks done`}
        />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} fz="lg">
            Power up your AI twin
          </Title>
          <Group gap={6}>
            {!complete && (
              <Badge variant="light" size="sm">
                Next
              </Badge>
            )}
            <Text fw={600} size="sm" data-testid="next-task">
              {details.title}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {details.description}
          </Text>
          {details.path && (
            <Button
              component={Link}
              to={details.path}
              size="xs"
              variant="light"
              rightSection={<IconArrowRight size={14} />}
              mt={4}
              w="fit-content"
            >
              {details.action}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
