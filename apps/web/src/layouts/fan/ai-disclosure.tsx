import { Anchor, List, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { legalPaths } from '../../config/links.ts';
import { useOpenedOnce } from '../../kit/use-opened-once.ts';

/**
 * Says plainly, where the conversation starts, that the twin is an AI and not the creator writing
 * (transparency rules for AI chat, such as the EU AI Act's, ask for it), that the creator can read
 * the conversation (the dashboard's Conversations), and links to what that means and to the crisis
 * protocol (/safety, which SB 243 asks an operator to publish). The explanation
 * opens over the chat, so reading it never loses the conversation.
 */
export function AiDisclosure({ name }: { name: string }) {
  const [open, setOpen] = useState(false);
  // The explanation is built when first asked for, not with the chat.
  const built = useOpenedOnce(open);
  return (
    <>
      <Text fz="xs" c="dimmed" maw={340} data-testid="ai-disclosure">
        You are chatting with an AI, not with {name} in person. {name} can read these chats.{' '}
        <Anchor component="button" type="button" fz="xs" underline="always" onClick={() => setOpen(true)}>
          What does this mean?
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={legalPaths.safety} fz="xs" underline="always" data-testid="ai-disclosure-safety">
          Feeling low? How we help
        </Anchor>
      </Text>
      {built && (
        <Modal opened={open} onClose={() => setOpen(false)} title="About AI twins" centered>
          <Text fz="sm" mb="sm">
            This is the AI twin of {name}: a computer program that answers in {name}’s style.
          </Text>
          <List fz="sm" spacing="xs" data-testid="ai-disclosure-details">
            <List.Item>
              Its messages, pictures and voice notes are made by AI from what {name} shared and set up. {name} does not write
              them.
            </List.Item>
            <List.Item>It can get things wrong, including facts about {name}. Don’t rely on it for advice.</List.Item>
            <List.Item>{name} can read your conversations with the twin, to see what fans talk about and to teach it.</List.Item>
            <List.Item>
              Keep private things private: never share passwords, payment details or anything you would not tell a stranger.
            </List.Item>
            <List.Item>
              If you write about suicide or self-harm, the twin steps aside and Doppel sends you crisis services you can reach
              right away. Read our{' '}
              <Anchor component={Link} to={legalPaths.safety} inherit underline="always">
                crisis protocol
              </Anchor>
              .
            </List.Item>
          </List>
          <Text fz="xs" c="dimmed" mt="md">
            More in our{' '}
            <Anchor component={Link} to={legalPaths.terms} inherit underline="always">
              Terms
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to={legalPaths.privacy} inherit underline="always">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Modal>
      )}
    </>
  );
}
