import { requestSignInLinkInput, signInCopy } from '@doppel/validation';
import { Alert, Anchor, Button, Center, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconBrandApple, IconBrandGoogleFilled, IconMail, IconMailCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { legalPaths } from '../../config/links.ts';
import { describeError, firstFieldErrors } from '../../errors/describe-error.ts';
import { usePageShellHandoff } from '../../shell/page-shell.ts';
import { trpc } from '../../trpc/trpc.ts';
import { isChatPath } from '../fan/chat-return.ts';
import { describeSignInError } from './sign-in-errors.ts';

/**
 * Sign-in (docs/product-rules.md#signed-out-screens): Google and Apple when this server has them set up, or an email magic link.
 * Completing a link is the shell's job (SignInLinkHandler); the OAuth buttons are full-page
 * navigations to the API's /auth routes. A fan who comes from a chat (`?next=/chat/{tag}`) is told
 * what signing in does for them, and the emailed link brings them back to that chat.
 */
export function SignInPage() {
  usePageShellHandoff();
  const system = trpc.system.info.useQuery(undefined, { staleTime: 5 * 60_000 });
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: 5 * 60_000 });
  const request = trpc.auth.requestSignInLink.useMutation();
  const oauthError = useOAuthErrorFromAddress();
  // A fan who came from a chat ("Sign in to keep chatting"): the link takes them back to it.
  const next = new URLSearchParams(useLocation().search).get('next');
  const chatPath = isChatPath(next) ? next : undefined;
  // Once the email is sent, the link may be opened in another tab (a mail app does that): this tab
  // follows the sign-in there, and the shell then takes it on (back to the chat, or the dashboard).
  trpc.auth.me.useQuery(undefined, { enabled: request.isSuccess, refetchInterval: 3_000, refetchOnWindowFocus: true });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(requestSignInLinkInput, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    request.mutate(requestSignInLinkInput.parse({ ...values, next: chatPath }), {
      onError: (error) => form.setErrors(firstFieldErrors(describeError(error).fieldErrors)),
    });
  });
  const offered = { google: providers.data?.google === true, apple: providers.data?.apple === true };

  return (
    <Center px="md" py={{ base: 24, sm: 64 }}>
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Stack gap="lg">
          {chatPath ? (
            <div>
              <Title order={2}>{signInCopy.fromChat.title}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {signInCopy.fromChat.lead}
              </Text>
            </div>
          ) : (
            <div>
              <Title order={2}>{signInCopy.default.title}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {signInCopy.default.lead}
              </Text>
            </div>
          )}
          {oauthError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title={oauthError.title} role="alert">
              {oauthError.message}
            </Alert>
          )}
          {/* Only the providers this server has set up: a greyed-out button is a dead end. */}
          {(offered.google || offered.apple) && (
            <>
              <Stack gap="sm">
                {offered.google && (
                  <ProviderButton href="/auth/google" label="Continue with Google" icon={<IconBrandGoogleFilled size={20} />} />
                )}
                {offered.apple && (
                  <ProviderButton href="/auth/apple" label="Continue with Apple" icon={<IconBrandApple size={20} />} dark />
                )}
              </Stack>
              <Divider label="or use your email" labelPosition="center" />
            </>
          )}
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
            <Anchor component={Link} to={legalPaths.terms} inherit underline="always">
              Terms of Service
            </Anchor>
            , our{' '}
            <Anchor component={Link} to={legalPaths.privacy} inherit underline="always">
              Privacy Policy
            </Anchor>{' '}
            and our{' '}
            <Anchor component={Link} to={legalPaths.cookies} inherit underline="always">
              Cookie Policy
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

type ProviderButtonProps = { href: string; label: string; icon: ReactNode; dark?: boolean };

function ProviderButton({ href, label, icon, dark }: ProviderButtonProps) {
  return (
    // A plain link: OAuth needs a full-page navigation, not a client-side route change.
    <Button
      component="a"
      href={href}
      size="md"
      fullWidth
      variant={dark ? 'filled' : 'default'}
      color={dark ? 'dark' : 'gray'}
      leftSection={icon}
    >
      {label}
    </Button>
  );
}

/** Reads `?error=` left by an OAuth callback once, then removes it from the address. */
function useOAuthErrorFromAddress(): { title: string; message: string } | null {
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get('error');
  const [shown, setShown] = useState<string | null>(code);
  useEffect(() => {
    if (!code) return;
    setShown(code);
    const params = new URLSearchParams(location.search);
    params.delete('error');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [code, location.pathname, location.search, location.hash, navigate]);
  return describeSignInError(shown);
}
