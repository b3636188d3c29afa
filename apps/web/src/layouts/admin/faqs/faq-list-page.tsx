import type { AdminFaqSummary } from '@doppel/validation';
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { faqEntities, questionCountLabel } from './faq-format.ts';

/** /faqs: the global FAQs (no talent), sorted by name, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function FaqListPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.faqs.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  useAdminLive(faqEntities, () => void utils.admin.faqs.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="FAQ"
        description="Questions and answers every twin may use, sorted by name. A twin’s own FAQ is on its page in Talents."
        actions={
          <Button component={Link} to="/faqs/create" leftSection={<IconPlus size={16} />}>
            Create FAQ
          </Button>
        }
      />
      <AdminList query={query} label="FAQs" empty="No FAQ yet. Create one to share answers with every twin.">
        {(faqs) => faqs.map((faq) => <FaqRow key={faq.id} faq={faq} />)}
      </AdminList>
    </AdminPage>
  );
}

function FaqRow({ faq }: { faq: AdminFaqSummary }) {
  return (
    <Card
      component={Link}
      to={`/faqs/${faq.id}`}
      padding="sm"
      radius="md"
      withBorder
      data-testid="faq-row"
      data-id={faq.id}
      aria-label={`${faq.name}, ${questionCountLabel(faq.itemCount)}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} size="sm" truncate data-testid="faq-name">
            {faq.name}
          </Text>
          <Text c="dimmed" size="xs">
            {/* The row is the link: the date is not a second keyboard stop. */}
            Updated <RelativeTime value={faq.updatedAt} span inherit focusable={false} />
          </Text>
        </div>
        <Badge variant="light" style={{ flex: 'none' }} data-testid="faq-item-count">
          {questionCountLabel(faq.itemCount)}
        </Badge>
      </Group>
    </Card>
  );
}
