// The twin's knowledge sources (talent.knowledge.*, docs/knowledge.md): files, pasted texts and web
// pages its creator adds. talentProcedure refuses a caller who does not manage the twin on every
// call; the use cases read and write only that twin's rows. Each addition and each re-fetch
// enqueues `knowledge.ingest` in its own transaction.
import type { Transaction } from '@doppel/db';
import {
  addFileSource,
  addTextSource,
  addUrlSource,
  deleteSource,
  type KnowledgeIngestJob,
  listSources,
  refetchSource,
  renameSource,
} from '@doppel/domain/knowledge';
import { enqueueKnowledgeIngest, type PgBoss } from '@doppel/jobs';
import {
  knowledgeAddFileInput,
  knowledgeAddTextInput,
  knowledgeAddUrlInput,
  knowledgeRenameInput,
  knowledgeSourceInput,
  knowledgeSourceOutput,
  knowledgeSourcesInput,
  knowledgeSourcesOutput,
} from '@doppel/validation';
import { z } from 'zod';
import { router, talentProcedure } from '../trpc/procedures.ts';

const ingestWith = (boss: PgBoss) => async (tx: Transaction, job: KnowledgeIngestJob) => {
  await enqueueKnowledgeIngest(boss, job, { tx });
};

export const talentKnowledgeRouter = router({
  /** The twin's sources, newest first, with its quotas used and allowed. */
  list: talentProcedure
    .input(knowledgeSourcesInput)
    .output(knowledgeSourcesOutput)
    .query(({ ctx }) => listSources(ctx.db, ctx.talentId)),

  /** A file uploaded with `files.upload` (purpose 'knowledge') becomes a source. */
  addFile: talentProcedure
    .input(knowledgeAddFileInput)
    .output(knowledgeSourceOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        addFileSource(tx, { storage: ctx.storage, enqueueIngest: ingestWith(ctx.jobs) }, { ...input, talentId: ctx.talentId }),
      ),
    ),

  /** Pasted text with its title. */
  addText: talentProcedure
    .input(knowledgeAddTextInput)
    .output(knowledgeSourceOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        addTextSource(tx, { storage: ctx.storage, enqueueIngest: ingestWith(ctx.jobs) }, { ...input, talentId: ctx.talentId }),
      ),
    ),

  /** A web page address; the worker fetches it. */
  addUrl: talentProcedure
    .input(knowledgeAddUrlInput)
    .output(knowledgeSourceOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) =>
        addUrlSource(tx, { storage: ctx.storage, enqueueIngest: ingestWith(ctx.jobs) }, { ...input, talentId: ctx.talentId }),
      ),
    ),

  rename: talentProcedure
    .input(knowledgeRenameInput)
    .output(knowledgeSourceOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => renameSource(tx, { ...input, talentId: ctx.talentId }))),

  /** The source and its passages; its stored file is removed after the commit. */
  delete: talentProcedure
    .input(knowledgeSourceInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      const { fileKey } = await ctx.write((tx) => deleteSource(tx, { ...input, talentId: ctx.talentId }));
      // After the commit: a failed removal leaves an unreachable file, never a half-deleted source.
      if (fileKey) await ctx.storage.remove(fileKey).catch(() => {});
      return { ok: true as const };
    }),

  /** A web page source is fetched again (a new revision). */
  refetch: talentProcedure
    .input(knowledgeSourceInput)
    .output(knowledgeSourceOutput)
    .mutation(({ ctx, input }) =>
      ctx.write((tx) => refetchSource(tx, { enqueueIngest: ingestWith(ctx.jobs) }, { ...input, talentId: ctx.talentId })),
    ),
});
