import { joinWaitlistInput, type Me, type WaitlistPlatform, waitlistPlatforms } from '@doppel/validation';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBrandInstagram, IconBrandTiktok, IconBrandX, IconLogout, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSignOut } from '../../auth/use-sign-out.ts';
import { fireConfetti } from '../../components/confetti.ts';
import { legalPaths } from '../../config/links.ts';
import { describeError, firstFieldErrors } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';

const platformDetails: Record<WaitlistPlatform, { label: string; icon: typeof IconBrandX }> = {
  INSTAGRAM: { label: 'Instagram', icon: IconBrandInstagram },
  TIKTOK: { label: 'TikTok', icon: IconBrandTiktok },
  X: { label: 'X', icon: IconBrandX },
};

type WaitlistFormValues = { platform: WaitlistPlatform; handle: string; termsAccepted: boolean };

/** The waitlist form of docs/product-rules.md#waitlist: where the creator is known, their handle there, and the terms. */
export function JoinWaitlist({ me }: { me: Me }) {
  const { signOut, pending } = useSignOut();
  const utils = trpc.useUtils();
  const join = trpc.waitlist.join.useMutation();
  const form = useForm<WaitlistFormValues>({
    mode: 'controlled',
    initialValues: { platform: 'INSTAGRAM', handle: '', termsAccepted: false },
    validate: schemaResolver(joinWaitlistInput, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    join.mutate(joinWaitlistInput.parse(values), {
      onSuccess: ({ waitlistStatus }) => {
        notifications.show({ color: 'teal', title: 'Added to waitlist', message: 'We will email you when your spot opens.' });
        void fireConfetti();
        // The shell switches to the thank-you screen (or onboarding, for an already accepted creator).
        utils.auth.me.setData(undefined, (old) => (old ? { ...old, waitlistStatus } : old));
        void utils.auth.me.invalidate();
      },
      onError: (error) => form.setErrors(firstFieldErrors(describeError(error).fieldErrors)),
    });
  });

  const platform = platformDetails[form.values.platform];
  return (
    <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={64} radius="xl" variant="gradient">
              <IconUsersGroup size={34} />
            </ThemeIcon>
            <Title order={2}>Join the waitlist</Title>
            <Text c="dimmed">
              We let creators in a few at a time so every twin gets a great start. Tell us where your fans are.
            </Text>
          </Stack>

          <Radio.Group label="Your main platform" {...form.getInputProps('platform')}>
            <SimpleGrid cols={3} spacing="xs" mt="xs">
              {waitlistPlatforms.map((value) => {
                const details = platformDetails[value];
                const checked = form.values.platform === value;
                return (
                  <Radio.Card
                    key={value}
                    value={value}
                    radius="md"
                    p="sm"
                    aria-label={details.label}
                    style={{
                      borderColor: checked ? 'var(--mantine-color-doppel-6)' : undefined,
                      background: checked ? 'var(--mantine-color-doppel-0)' : undefined,
                    }}
                  >
                    <Stack align="center" gap={4}>
                      <details.icon size={26} color={checked ? 'var(--mantine-color-doppel-6)' : undefined} />
                      <Text size="sm" fw={checked ? 700 : 500}>
                        {details.label}
                      </Text>
                    </Stack>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>

          <TextInput
            label={`Your ${platform.label} handle`}
            placeholder="yourname"
            size="md"
            autoComplete="off"
            autoCapitalize="none"
            leftSection={
              <Text fw={600} c="dimmed">
                @
              </Text>
            }
            {...form.getInputProps('handle')}
          />

          <Checkbox
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to={legalPaths.terms} target="_blank" inherit>
                  Terms of Service
                </Anchor>
              </>
            }
            {...form.getInputProps('termsAccepted', { type: 'checkbox' })}
          />

          <Button type="submit" size="lg" fullWidth variant="gradient" loading={join.isPending}>
            Join Waitlist
          </Button>

          {/* Two items that wrap as wholes on a narrow phone: no separator is left dangling at a line end. */}
          <Group justify="center" gap="xs">
            <Text size="sm" ta="center" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Signed in as{' '}
              <Text span fw={600} inherit c="var(--mantine-color-text)">
                {me.email ?? me.name}
              </Text>
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={signOut}
              disabled={pending}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
            >
              <IconLogout size={14} /> Sign out
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
