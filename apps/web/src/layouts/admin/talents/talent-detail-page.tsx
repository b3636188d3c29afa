import { Anchor, Avatar, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconFolder } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { DetailTabs } from '../../../kit/detail-tabs.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { TalentFaqTab } from '../faqs/talent-faq-tab.tsx';
import { TalentQualityTab } from '../quality/quality-tab.tsx';
import { TalentManagersTab } from '../users/talent-managers-tab.tsx';
import { TalentAnalyticsTab } from './tabs/analytics-tab.tsx';
import { TalentBroadcastsTab } from './tabs/broadcasts-tab.tsx';
import { TalentKnowledgeTab } from './tabs/knowledge-tab.tsx';
import { TalentModelTab } from './tabs/model-tab.tsx';
import { TalentPayoutsTab } from './tabs/payouts-tab.tsx';
import { TalentReachOutTab } from './tabs/reach-out-tab.tsx';
import { chatsLabel, storageAnchor, talentDetailEntities } from './talent-format.ts';
import { TalentSettingsTab } from './talent-settings-tab.tsx';

/** /talents/:talentId: the twin's header with its links, and its tabs (docs/product-rules.md#admin-back-office). */
export function TalentDetailPage() {
  const { talentId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.get.useQuery({ talentId }, { enabled: talentId !== '' });
  useAdminLive(talentDetailEntities, () => void utils.admin.talents.get.invalidate({ talentId }));
  const talent = query.data;

  return (
    <AdminPage>
      <AdminPageHeader
        title={talent?.name ?? (query.isError ? 'Talent' : 'Loading…')}
        backTo="/talents"
        description={
          talent ? (
            <Group gap="xs" mt={4} wrap="wrap">
              <Avatar src={pictureSrc(talent.profilePictureUrl)} name={talent.name} color="initials" radius="xl" size="sm" />
              <Text span size="sm" data-testid="talent-tag">
                {talent.tag ? `@${talent.tag}` : 'No tag yet'}
              </Text>
              <Text span size="sm" c="dimmed" data-testid="talent-chats">
                · {chatsLabel(talent.counts.chats)}
              </Text>
              <Text span size="sm" c="dimmed">
                · {talent.counts.galleryItems} gallery {talent.counts.galleryItems === 1 ? 'image' : 'images'}
              </Text>
              <Text span size="sm" c="dimmed">
                · {talent.counts.managers} {talent.counts.managers === 1 ? 'manager' : 'managers'}
              </Text>
              {/* The creator's consent for the name, face and voice (docs/safety.md): shown, never edited here. */}
              {talent.consent.confirmedAt ? (
                <HoverTooltip label={`Confirmed ${formatDateTime(talent.consent.confirmedAt)}`}>
                  <Badge color="teal" variant="light" data-testid="talent-consent">
                    Consent: {talent.consent.confirmedBy ?? 'deleted account'}, {formatDateTime(talent.consent.confirmedAt)}
                  </Badge>
                </HoverTooltip>
              ) : (
                <Badge color="orange" variant="light" data-testid="talent-consent">
                  No consent yet
                </Badge>
              )}
              {talent.hiddenFromFansAt && (
                <Badge color="red" variant="light" data-testid="talent-hidden">
                  Hidden from fans
                </Badge>
              )}
            </Group>
          ) : undefined
        }
        actions={
          talent ? (
            <Group gap="md" wrap="wrap">
              {talent.chatPath ? (
                <Anchor
                  href={talent.chatPath}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
                >
                  <IconExternalLink size={16} />
                  Chat
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed" title="The chat opens once the talent has a tag">
                  Chat (no tag yet)
                </Text>
              )}
              <Anchor
                component={Link}
                to={`/talents/${talentId}#${storageAnchor}`}
                size="sm"
                style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
              >
                <IconFolder size={16} />
                Storage
              </Anchor>
              <RecordLink table="talents" id={talentId} label="Database record" />
              <RecordLink table="talent_configs" id={talentId} label="Config record" />
            </Group>
          ) : undefined
        }
      />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !talent ? (
        <Stack gap="sm" role="status" aria-label="Loading talent">
          <Skeleton height={36} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <DetailTabs
          label="Talent"
          tabs={[
            { value: 'settings', label: 'Settings', panel: <TalentSettingsTab talentId={talentId} /> },
            { value: 'model', label: 'Model', panel: <TalentModelTab talentId={talentId} /> },
            { value: 'faq', label: 'Faq', panel: <TalentFaqTab talentId={talentId} /> },
            { value: 'knowledge', label: 'Knowledge', panel: <TalentKnowledgeTab talentId={talentId} /> },
            { value: 'quality', label: 'Quality', panel: <TalentQualityTab talentId={talentId} /> },
            { value: 'managers', label: 'Managers', panel: <TalentManagersTab talentId={talentId} /> },
            { value: 'payouts', label: 'Payouts', panel: <TalentPayoutsTab talentId={talentId} /> },
            { value: 'broadcast', label: 'Broadcast', panel: <TalentBroadcastsTab talentId={talentId} /> },
            { value: 'reach-out', label: 'Reach out', panel: <TalentReachOutTab talentId={talentId} /> },
            { value: 'analytics', label: 'Analytics', panel: <TalentAnalyticsTab talentId={talentId} /> },
            { value: 'history', label: 'History', panel: <HistoryCard entity="talent" entityId={talentId} /> },
          ]}
        />
      )}
    </AdminPage>
  );
}
