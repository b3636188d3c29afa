import { chatReactionFeedbackMaxLength } from '@doppel/validation';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

/** After a thumbs down: what was wrong, optionally. Skipping keeps the thumbs down. */
export function FeedbackDialog({
  opened,
  onClose,
  onSubmit,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  onSubmit: (feedback: string) => void;
  pending: boolean;
}) {
  const [feedback, setFeedback] = useState('');
  const close = () => {
    setFeedback('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="What could be better?" centered radius="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(feedback.trim());
          setFeedback('');
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            Your feedback helps the twin answer better. It is optional.
          </Text>
          <Textarea
            label="Feedback"
            placeholder="Tell us what was off…"
            autosize
            minRows={3}
            maxRows={8}
            maxLength={chatReactionFeedbackMaxLength}
            value={feedback}
            onChange={(event) => setFeedback(event.currentTarget.value)}
            description={`${feedback.length}/${chatReactionFeedbackMaxLength}`}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Skip
            </Button>
            <Button type="submit" loading={pending} disabled={feedback.trim() === ''}>
              Send feedback
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
