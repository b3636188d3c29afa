// `broadcasts`, `broadcasts run` and `broadcasts retry` (docs/broadcasts.md): progress at a glance,
// a due broadcast sent now when its job is stuck or the worker was down, and the chunks and pushes
// a failure left behind queued again. Each step the worker runs checks its own state, so queueing
// one twice never sends twice.
import { broadcastChunks, broadcasts, talents } from '@doppel/db';
import { prepareBroadcast, sweepBroadcasts } from '@doppel/domain/broadcasts';
import { enqueueBroadcastChunk, enqueueBroadcastPrepare, enqueueBroadcastSends } from '@doppel/jobs';
import { desc, eq, sql } from 'drizzle-orm';
import { CliError, type OpsContext } from './context.ts';
import { formatTable, formatTime, truncate } from './format.ts';

export async function listBroadcasts(context: OpsContext, limit: number): Promise<void> {
  const rows = await context.client.db
    .select({
      id: broadcasts.id,
      status: broadcasts.status,
      scheduledAt: broadcasts.scheduledAt,
      twin: talents.tag,
      sent: broadcasts.sentMessageCount,
      scheduled: broadcasts.scheduledMessageCount,
      chunks: sql<number>`(select count(*)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id})`,
      chunksSent: sql<number>`(select count(*)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id} and ${broadcastChunks.sentAt} is not null)`,
      pushes: sql<number>`(select coalesce(sum(${broadcastChunks.pushCount}), 0)::int from ${broadcastChunks} where ${broadcastChunks.broadcastId} = ${broadcasts.id})`,
      message: broadcasts.message,
    })
    .from(broadcasts)
    .leftJoin(talents, eq(talents.id, broadcasts.talentId))
    .orderBy(desc(broadcasts.scheduledAt), desc(broadcasts.id))
    .limit(limit);
  if (rows.length === 0) {
    context.out('no broadcasts');
    return;
  }
  context.out(
    formatTable(
      ['id', 'status', 'scheduled (UTC)', 'twin', 'sent', 'of', 'chunks', 'pushes', 'message'],
      rows.map((row) => [
        row.id,
        row.status,
        formatTime(row.scheduledAt),
        row.twin ?? '(all)',
        row.sent,
        row.scheduled,
        `${Number(row.chunksSent)}/${Number(row.chunks)}`,
        Number(row.pushes),
        truncate(row.message.replaceAll('\n', ' '), 40),
      ]),
    ),
  );
}

export async function runBroadcastNow(context: OpsContext, broadcastId: string): Promise<void> {
  const { db } = context.client;
  const now = new Date();
  // A broadcast scheduled later is moved to now, so its detail shows when it really went out.
  const moved = await db
    .update(broadcasts)
    .set({ scheduledAt: now, updatedAt: now })
    .where(
      sql`${broadcasts.id} = ${broadcastId} and ${broadcasts.status} = 'SCHEDULED' and ${broadcasts.scheduledAt} > ${now.toISOString()}::timestamptz`,
    )
    .returning({ id: broadcasts.id });
  if (moved.length > 0) context.out(`moved the schedule of ${broadcastId} to now`);
  const boss = await context.boss();
  const result = await prepareBroadcast(db, broadcastId, {
    now,
    enqueueSends: (tx, id, chunks) => enqueueBroadcastSends(boss, id, chunks, { tx }),
  });
  switch (result.outcome) {
    case 'missing':
      throw new CliError(`no broadcast ${broadcastId}`);
    case 'skipped':
      throw new CliError(
        `broadcast ${broadcastId} is ${result.status}; only a SCHEDULED one can be run (use \`broadcasts retry\` for one that is sending)`,
      );
    case 'not-due':
      throw new CliError(`broadcast ${broadcastId} is not due yet (${formatTime(result.scheduledAt)})`);
    case 'prepared':
      context.out(
        `prepared ${broadcastId}: audience ${result.audience} in ${result.chunks} chunk(s), ${result.status}; the worker sends the chunks`,
      );
  }
}

export async function retryBroadcast(context: OpsContext, broadcastId: string): Promise<void> {
  const { db } = context.client;
  const [broadcast] = await db.select({ status: broadcasts.status }).from(broadcasts).where(eq(broadcasts.id, broadcastId));
  if (!broadcast) throw new CliError(`no broadcast ${broadcastId}`);
  const sweep = await sweepBroadcasts(db);
  const boss = await context.boss();
  const send = sweep.send.filter((item) => item.broadcastId === broadcastId);
  const push = sweep.push.filter((item) => item.broadcastId === broadcastId);
  for (const { chunk } of send) await enqueueBroadcastChunk(boss, 'broadcasts.send', broadcastId, chunk);
  for (const { chunk } of push) await enqueueBroadcastChunk(boss, 'broadcasts.push', broadcastId, chunk);
  if (sweep.prepare.includes(broadcastId)) await enqueueBroadcastPrepare(boss, broadcastId);
  context.out(
    `broadcast ${broadcastId} (${broadcast.status}): queued ${send.length} unsent chunk(s) and ${push.length} push batch(es)${sweep.prepare.includes(broadcastId) ? ' and its preparation' : ''}`,
  );
}
