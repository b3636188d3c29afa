// The admin back-office Status section (admin.status.*, docs/product-rules.md#admin-back-office "/status"): the model-health
// entries the models.health job writes into AppConfig.isModelHealthyRecord, and "Check now".
import { z } from 'zod';

/**
 * The entry the models.health job writes when the worker answers with the offline engine: then no
 * provider model is in use at all, the engine itself is what answers every twin.
 */
export const offlineEngineModel = 'offline';

/** One model of AppConfig.isModelHealthyRecord: a check or a cross on the status page. */
export const adminModelHealthEntry = z.object({
  /** The provider's model id, or `offlineEngineModel`. */
  model: z.string(),
  healthy: z.boolean(),
  /** When the stored result was written; null when unknown. */
  checkedAt: z.string().nullable(),
  /** Why the model failed, when known; null for a healthy model. */
  error: z.string().nullable(),
  /** The entry stands for the offline engine, not a provider model. */
  offline: z.boolean(),
});
export type AdminModelHealthEntry = z.infer<typeof adminModelHealthEntry>;

/** `admin.status.get`: every entry sorted by name; empty until the first check has run. */
export const adminStatusGetOutput = z.object({ entries: z.array(adminModelHealthEntry) });
export type AdminStatusGetOutput = z.infer<typeof adminStatusGetOutput>;

/** `admin.status.check`: the job is queued, or one is already waiting (then `jobId` is null). */
export const adminStatusCheckOutput = z.object({ queued: z.boolean(), jobId: z.string().nullable() });
export type AdminStatusCheckOutput = z.infer<typeof adminStatusCheckOutput>;
