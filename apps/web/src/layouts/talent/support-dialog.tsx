import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconBrandDiscord, IconMail } from '@tabler/icons-react';
import { externalLinks } from '../../config/links.ts';

/** Support (docs/product-rules.md#creator-dashboard): the creator community and an email contact answered within 24 hours. */
export function SupportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Support" centered radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Ask other creators in our community, or write to us. We reply within 24 hours.
        </Text>
        <Button
          component="a"
          href={externalLinks.community}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconBrandDiscord size={18} />}
        >
          Join the creator community
        </Button>
        <Button
          component="a"
          href={`mailto:${externalLinks.supportEmail}`}
          variant="default"
          leftSection={<IconMail size={18} />}
        >
          {externalLinks.supportEmail}
        </Button>
      </Stack>
    </Modal>
  );
}
