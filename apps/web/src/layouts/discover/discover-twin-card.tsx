import type { PublicDiscoverTwin } from '@doppel/validation';
import { Avatar, Button, Card, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { chatPathAsking } from '../fan/ask-param.ts';
import classes from './discover.module.css';

/** Pictures are drawn at this size (CSS px); width and height on the img keep the card from jumping while it loads. */
const pictureSize = 64;

/** "Mia" from "Mia Moreno": the button speaks to the twin the way a fan would. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * One twin on /discover: picture, name and handle, the twin's own first words, a question a fan can
 * tap to begin, and the way into the chat. The question chip opens the chat with the question
 * waiting in the composer (`?ask=`), not sent: messages cost credits, so sending stays the fan's tap.
 * `eager` loads the picture at once for the cards a phone shows first; the rest wait until scrolled to.
 */
export function DiscoverTwinCard({ twin, eager }: { twin: PublicDiscoverTwin; eager: boolean }) {
  const chatPath = `/chat/${encodeURIComponent(twin.tag)}`;
  const first = firstName(twin.name);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="discover-twin" component="article" aria-label={twin.name}>
      <Stack gap="md" h="100%">
        <Group wrap="nowrap" gap="md">
          <Avatar
            src={twin.pictureUrl}
            name={twin.name}
            alt={`${twin.name}'s picture`}
            color="initials"
            size={pictureSize}
            radius="xl"
            imageProps={{ width: pictureSize, height: pictureSize, loading: eager ? 'eager' : 'lazy', decoding: 'async' }}
          />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate component="h2" m={0}>
              {twin.name}
            </Text>
            <Text c="dimmed" size="sm" truncate>
              @{twin.tag}
            </Text>
          </div>
        </Group>
        {twin.intro && (
          <Text size="sm" lineClamp={2} data-testid="discover-intro">
            {twin.intro}
          </Text>
        )}
        <Stack gap="sm" mt="auto">
          {twin.sampleQuestion && (
            <UnstyledButton
              component={Link}
              to={chatPathAsking(twin.tag, twin.sampleQuestion)}
              className={classes.question}
              data-testid="discover-sample-question"
              aria-label={`Ask ${first}: ${twin.sampleQuestion}`}
            >
              <IconMessageCircle size={16} aria-hidden className={classes.questionIcon} />
              <Text component="span" size="sm" lineClamp={1}>
                {twin.sampleQuestion}
              </Text>
            </UnstyledButton>
          )}
          <Button component={Link} to={chatPath} radius="xl" fullWidth>
            Chat with {first}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

/** A card's outline while the feed loads, so the page keeps its shape (no jump when the twins arrive). */
export function DiscoverTwinSkeleton() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-hidden>
      <Stack gap="md">
        <Group wrap="nowrap" gap="md">
          <Skeleton circle height={pictureSize} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={10} width="35%" />
          </Stack>
        </Group>
        <Skeleton height={10} />
        <Skeleton height={10} width="80%" />
        <Skeleton height={34} radius="xl" />
        <Skeleton height={36} radius="xl" />
      </Stack>
    </Card>
  );
}
