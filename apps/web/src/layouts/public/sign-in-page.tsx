import { requestSignInLinkInput } from '@doppel/validation';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { externalLinks } from '../../config/links.ts';
import { describeError, firstFieldErrors } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';

/** Email magic-link sign-in (spec 2.1). Completing a link is the shell's job (SignInLinkHandler). */
export function SignInPage() {
  const system = trpc.system.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  const request = trpc.auth.requestSignInLink.useMutation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(requestSignInLinkInput, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    request.mutate(requestSignInLinkInput.parse(values), {
      onError: (error) => form.setErrors(firstFieldErrors(describeError(error).fieldErrors)),
    });
  });

  return (
    <Center px="md" py={{ base: 32, sm: 72 }}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          <div>
            <Title order={2}>Sign in to Doppel</Title>
            <Text c="dimmed" size="sm" mt={4}>
              We will email you a link that signs you in. No password needed.
            </Text>
          </div>
          {request.isSuccess ? (
            <Alert color="teal" variant="light" icon={<IconMailCheck />} title="Email has been sent." role="status">
              <Text size="sm">Open the link in the email on this device to continue.</Text>
              {(request.data.devOutbox || system.data?.devOutbox) && (
                <Text size="sm" mt="xs">
                  Development: no email server is set up, so open the link from the{' '}
                  <Anchor component={Link} to="/dev/outbox" fw={600}>
                    development outbox
                  </Anchor>
                  .
                </Text>
              )}
            </Alert>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  placeholder="you@example.com"
                  type="email"
                  autoComplete="email"
                  leftSection={<IconMail size={18} />}
                  size="md"
                  key={form.key('email')}
                  {...form.getInputProps('email')}
                />
                <Button type="submit" size="md" fullWidth loading={request.isPending}>
                  Send magic link
                </Button>
              </Stack>
            </form>
          )}
          <Text size="xs" c="dimmed" ta="center">
            By continuing you agree to our{' '}
            <Anchor href={externalLinks.terms} target="_blank" rel="noreferrer" inherit>
              Terms of Service
            </Anchor>
            , our{' '}
            <Anchor href={externalLinks.privacy} target="_blank" rel="noreferrer" inherit>
              Privacy Policy
            </Anchor>{' '}
            and our{' '}
            <Anchor href={externalLinks.cookies} target="_blank" rel="noreferrer" inherit>
              Cookie Policy
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
