// The twin's knowledge: reading a creator's source (a file, a pasted text, a web page) into passages.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, defaultKeep, minute } from './presets.ts';

export const knowledgeJobs = {
  'knowledge.ingest': defineJob({
    description:
      "Reads one knowledge source (PDF, Word, text, Markdown, subtitles, a CSV of questions and answers, a web page), splits it into passages, embeds and stores them for the twin's replies",
    payload: z.strictObject({
      sourceId: z.string().min(1),
      /** The source's revision when the job was sent; a job for an older revision changes nothing. */
      revision: z.number().int().positive(),
    }),
    queue: {
      // One queued and one active job per source revision (singletonKey, knowledge-jobs.ts): a
      // double send adds nothing, and the handler is idempotent for the rest. Send it only with
      // enqueueKnowledgeIngest: on a stately queue a job without a key shares one slot with every
      // other keyless job, so a second source's job would be dropped.
      policy: 'stately',
      // A model or network hiccup while embedding is worth a few retries; a file we cannot read is
      // not retried (the handler marks the source failed with its reason instead of throwing).
      ...backoff({ retries: 3, firstDelay: 10, maxDelay: 5 * minute }),
      // Reading stops after 45 s and a fetch after 20 s; embedding a large source in batches takes
      // longer with a remote model. A job active past this is treated as lost and runs again.
      expireInSeconds: 15 * minute,
      // A worker killed mid-ingestion is noticed in seconds; running the job again is safe.
      heartbeatSeconds: 10,
      ...defaultKeep,
      notify: false,
    },
    // The creator watches the source turn from Processing to Ready: the add's commit wakes the worker.
    work: { pollingIntervalSeconds: 2, concurrency: 2, wakeOnChange: true },
  }),
} satisfies Record<string, JobDefinition>;
