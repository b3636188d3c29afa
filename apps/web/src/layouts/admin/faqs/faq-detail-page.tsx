import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorPanel } from '../../../components/error-panel.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { FaqEditor } from './faq-editor.tsx';
import { faqEntities } from './faq-format.ts';

/** /faqs/{faqId}: name, the data text area and the database record link (docs/product-rules.md#admin-back-office). */
export function FaqDetailPage() {
  const { faqId = '' } = useParams();
  const utils = trpc.useUtils();
  const faq = trpc.admin.faqs.get.useQuery({ id: faqId });
  useAdminLive(faqEntities, () => void utils.admin.faqs.get.invalidate({ id: faqId }));

  const talent = faq.data?.talent;
  return (
    <AdminPage>
      <AdminPageHeader
        title={faq.data?.name ?? 'FAQ'}
        description={
          talent ? (
            <Group gap={6}>
              <Badge size="sm" variant="light">
                Talent FAQ
              </Badge>
              <Text size="sm" span>
                Only{' '}
                <Anchor component={Link} to={`/talents/${talent.id}`} inherit>
                  {talent.name}
                </Anchor>{' '}
                answers from it.
              </Text>
            </Group>
          ) : (
            'Every twin may answer from it.'
          )
        }
        backTo="/faqs"
      />
      {faq.isError ? (
        describeError(faq.error).code === 'NOT_FOUND' ? (
          <ErrorPanel title="FAQ not found" message="This FAQ does not exist (any more)." />
        ) : (
          <ErrorAlert error={faq.error} onRetry={() => void faq.refetch()} />
        )
      ) : faq.isPending ? (
        <LoadingPanel label="Loading the FAQ…" />
      ) : (
        <FaqEditor faq={faq.data} footer={<RecordLink table="faqs" id={faq.data.id} />} />
      )}
      {faq.data && <HistoryCard entity="faq" entityId={faq.data.id} />}
    </AdminPage>
  );
}
