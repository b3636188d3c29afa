import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The app's one button that asks first: a dialog with the question, what will happen, Cancel and
 * the confirming action (red unless the button says otherwise). Used by the admin pages and the
 * talent cards alike, so every irreversible action asks the same way.
 */
export function ConfirmButton({
  title,
  message,
  confirmLabel,
  onConfirm,
  loading,
  children,
  ...button
}: ButtonProps & {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  children: ReactNode;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...button} loading={loading} onClick={open}>
        {children}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Stack>
          {/* A div, so a message may be several paragraphs of its own. */}
          <Text size="sm" component="div">
            {message}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color={button.color ?? 'red'}
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
