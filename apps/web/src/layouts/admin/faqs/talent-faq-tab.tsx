import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { FaqEditor } from './faq-editor.tsx';
import { faqEntities } from './faq-format.ts';

/**
 * The talent detail's Faq tab (docs/product-rules.md#admin-back-office): the talent's own FAQ in the FAQ editor, or, while it has
 * none, a button that creates one named after the talent (the twin's replies use it at once).
 */
export function TalentFaqTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.faqs.forTalent.useQuery({ talentId });
  const create = trpc.admin.faqs.create.useMutation();
  // talent_configs too: another admin may link an FAQ to this talent.
  useAdminLive([...faqEntities, 'talent_configs'], () => void utils.admin.faqs.forTalent.invalidate({ talentId }));

  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <LoadingPanel label="Loading the FAQ…" />;
  const { talent, faq } = query.data;
  if (faq) return <FaqEditor faq={faq} footer={<RecordLink table="faqs" id={faq.id} />} />;

  const onCreate = () =>
    create.mutate(
      { name: talent.name, talentId },
      {
        onSuccess: () => {
          notifySuccess();
          void utils.admin.faqs.forTalent.invalidate({ talentId });
        },
        onError: (failure) => {
          // Someone created it meanwhile: show theirs. Other refusals show in the alert below.
          if (describeError(failure).code === 'CONFLICT') void utils.admin.faqs.forTalent.invalidate({ talentId });
          handleError(failure, { notify: false });
        },
      },
    );

  return (
    <Paper withBorder p="lg" maw={820} data-testid="talent-faq-empty">
      <Stack align="flex-start" gap="sm">
        <Text fw={700}>{talent.name} has no FAQ of its own</Text>
        <Text size="sm" c="dimmed">
          Its replies use the global FAQs only. An FAQ of its own holds answers just this twin gives.
        </Text>
        {create.isError && describeError(create.error).code !== 'CONFLICT' && (
          <Alert color="red" variant="light">
            {describeError(create.error).message}
          </Alert>
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate} loading={create.isPending}>
          Create FAQ for this talent
        </Button>
      </Stack>
    </Paper>
  );
}
