import type { TalentQualityOutput } from '@doppel/validation';
import { Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconGauge, IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { formatScore, scoreColor } from '../../../components/quality-format.ts';
import { useOpenedOnce } from '../../../kit/use-opened-once.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentLive } from '../talent-context.ts';

const QualityTrendChart = lazy(() =>
  import('./quality-trend-chart.tsx').then((module) => ({ default: module.QualityTrendChart })),
);
// The Correct dialog (its form, schema and Modal) loads on the first Correct, not with the home.
const CorrectDialog = lazy(() => import('./twin-quality-correct.tsx').then((module) => ({ default: module.CorrectDialog })));

type Weak = TalentQualityOutput['weakest'][number];

/**
 * "Twin quality" on the dashboard (docs/quality.md): how well the twin answered its last check, the
 * trend of the recent ones, and its weakest answers, each with Correct: the creator's right answer
 * trains the twin and counts on the next similar fan message. Checks run nightly; before the first,
 * the card says so.
 */
export function TwinQualityCard({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.talent.quality.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.quality.get.invalidate({ talentId }));
  const [correcting, setCorrecting] = useState<Weak | null>(null);
  const dialogMounted = useOpenedOnce(correcting !== null);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="twin-quality-title" data-testid="twin-quality">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size="lg">
          <IconGauge size={20} />
        </ThemeIcon>
        <Text fw={700} id="twin-quality-title">
          Twin quality
        </Text>
      </Group>
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="xs" role="status" aria-label="Loading twin quality">
          <Skeleton height={36} width={120} />
          <Skeleton height={90} />
        </Stack>
      ) : !query.data.latest ? (
        <Text size="sm" c="dimmed" data-testid="twin-quality-empty">
          {query.data.checking
            ? 'Your twin’s first check is running: its score shows here when it finishes.'
            : 'Your twin’s first check runs tonight: we ask it questions from your FAQ, knowledge and corrections and score its answers.'}
        </Text>
      ) : (
        <QualityBody quality={query.data} onCorrect={setCorrecting} />
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <CorrectDialog talentId={talentId} weak={correcting} onClose={() => setCorrecting(null)} />
        </Suspense>
      )}
    </Card>
  );
}

function QualityBody({ quality, onCorrect }: { quality: TalentQualityOutput; onCorrect: (weak: Weak) => void }) {
  const latest = quality.latest as NonNullable<TalentQualityOutput['latest']>;
  const points = quality.trend.map((point) => ({
    label: point.finishedAt ? formatDateTime(point.finishedAt) : '',
    score: Math.round(point.score * 100),
  }));
  return (
    <Stack gap="sm">
      <Group gap="xs" align="baseline" wrap="wrap">
        <Text fw={800} fz={32} lh={1} c={`${scoreColor(latest.overallScore)}.8`} data-testid="twin-quality-score">
          {formatScore(latest.overallScore)}
        </Text>
        <Text size="xs" c="dimmed">
          quality score in its last check{latest.finishedAt ? ` · ${formatDateTime(latest.finishedAt)}` : ''}
        </Text>
      </Group>
      {points.length > 1 && (
        <Suspense fallback={<Skeleton h={100} />}>
          <QualityTrendChart points={points} />
        </Suspense>
      )}
      {quality.weakest.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            Weakest answers
          </Text>
          {quality.weakest.map((weak) => (
            <WeakAnswer key={weak.caseId} weak={weak} onCorrect={() => onCorrect(weak)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function WeakAnswer({ weak, onCorrect }: { weak: Weak; onCorrect: () => void }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="twin-quality-weak" data-corrected={weak.correction !== null}>
      <Stack gap={4}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {weak.question}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          <Text span size="xs" c="dimmed">
            Your twin:{' '}
          </Text>
          {weak.answer}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Expected: {weak.expected}
        </Text>
        <Text size="xs" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          {weak.reason}
        </Text>
        {weak.correction !== null && (
          <Text size="sm" c="teal.8" style={{ overflowWrap: 'anywhere' }} data-testid="twin-quality-correction">
            <Text span size="xs" c="dimmed">
              Your answer:{' '}
            </Text>
            {weak.correction}
          </Text>
        )}
        <Group justify="space-between" gap="xs" mt={4}>
          {weak.correction !== null ? (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
              Corrected
            </Badge>
          ) : (
            <Badge color={scoreColor(weak.score)} variant="light">
              {formatScore(weak.score)}
            </Badge>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} />}
            onClick={onCorrect}
            data-testid="twin-quality-correct"
          >
            {weak.correction !== null ? 'Correct again' : 'Correct'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
