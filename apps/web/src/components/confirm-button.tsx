import { Button, Group, Popover, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A button whose action asks first, in a small popover: what will happen, Cancel, and the red
 * confirming button. Full width on a phone, as the cards it sits in stack their actions.
 */
export function ConfirmButton(props: {
  label: string;
  icon: ReactNode;
  /** What happens, said before it does. */
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  disabled?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Popover opened={confirming} onChange={setConfirming} width={280} position="top" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          color="red"
          leftSection={props.icon}
          w={{ base: '100%', sm: 'auto' }}
          loading={props.loading}
          disabled={props.disabled}
          onClick={() => setConfirming((open) => !open)}
        >
          {props.label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          {props.message}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setConfirming(false);
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
