import {
  type TwinReportReasonValue,
  twinReportDescriptionMax,
  twinReportInput,
  twinReportReasonLabels,
  twinReportReasonValues,
} from '@doppel/validation';
import { Alert, Anchor, Box, Button, Container, Paper, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { useServerForm } from '../../kit/use-server-form.ts';
import { trpc } from '../../trpc/trpc.ts';

type Values = { talentTag: string; reason: TwinReportReasonValue | ''; description: string; email: string };

/**
 * /report?twin={tag}: the public Report a twin form (docs/safety.md, Take-down). Anyone may send it;
 * a signed-in person's email is filled in. The server limits how many one person or address sends.
 */
export function ReportLayout() {
  const [params] = useSearchParams();
  const twin = params.get('twin') ?? '';
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  const submit = trpc.reports.submit.useMutation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { talentTag: twin, reason: '', description: '', email: '' },
    validate: schemaResolver(twinReportInput, { sync: true }),
  });
  const signedInEmail = me.data && !me.data.isAnonymous ? me.data.email : null;
  // Filled in once the account is known, unless the person typed one already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the signed-in email arrives.
  useEffect(() => {
    if (signedInEmail && !form.values.email) form.setFieldValue('email', signedInEmail);
  }, [signedInEmail]);

  // The page itself thanks the reporter once sent (submit.isSuccess), so no toast.
  const { onSubmit, error: otherError } = useServerForm(form, (values) => submit.mutateAsync(twinReportInput.parse(values)), {
    savedMessage: null,
  });

  return (
    <Box mih="100dvh">
      <Container size="sm" py="md">
        <BrandLink />
      </Container>
      <Container size="sm" pb="xl" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1}>Report a twin</Title>
            <Text c="dimmed">
              Tell us about a twin that pretends to be someone, or that said something harmful. Our team reviews every report.
            </Text>
          </div>
          {submit.isSuccess ? (
            <Alert color="teal" icon={<IconCircleCheck />} title="Thank you, we received your report">
              We emailed you a copy and will write again when we have reviewed it.{' '}
              {twin && (
                <Anchor component={Link} to={`/chat/${encodeURIComponent(twin)}`}>
                  Back to the chat
                </Anchor>
              )}
            </Alert>
          ) : (
            <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <TextInput label="Twin's handle" placeholder="@handle" required {...form.getInputProps('talentTag')} />
                <Radio.Group label="What is wrong?" required {...form.getInputProps('reason')}>
                  <Stack gap="xs" mt="xs">
                    {twinReportReasonValues.map((reason) => (
                      <Radio key={reason} value={reason} label={twinReportReasonLabels[reason]} />
                    ))}
                  </Stack>
                </Radio.Group>
                <Textarea
                  label="What happened?"
                  required
                  autosize
                  minRows={4}
                  maxLength={twinReportDescriptionMax}
                  {...form.getInputProps('description')}
                />
                <TextInput
                  label="Your email"
                  description="We write to you here when we have reviewed the report."
                  type="email"
                  required
                  {...form.getInputProps('email')}
                />
                {otherError && (
                  <Alert color="red" variant="light">
                    {otherError}
                  </Alert>
                )}
                <Button type="submit" loading={submit.isPending}>
                  Send report
                </Button>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
