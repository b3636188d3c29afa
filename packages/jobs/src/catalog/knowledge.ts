// The twin's knowledge (docs/knowledge.md): reading a source into passages.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { defaultBackoff, defaultKeep, minute } from './presets.ts';

export const knowledgeJobs = {
  'knowledge.ingest': defineJob({
    description: 'Reads one revision of a knowledge source (file, pasted text or web page) into passages with embeddings',
    payload: z.strictObject({ sourceId: z.string().min(1), revision: z.number().int().min(1) }),
    queue: {
      policy: 'standard',
      ...defaultBackoff,
      expireInSeconds: 10 * minute,
      ...defaultKeep,
      notify: false,
    },
    // The creator watches the source turn ready: the adding transaction's change wakes the worker.
    work: { pollingIntervalSeconds: 5, concurrency: 2, wakeOnChange: true },
  }),
} satisfies Record<string, JobDefinition>;
