import type { JobHandler } from './types.ts';

/** Does nothing but answer; its latency is the time from send to a worker picking it up. */
export const runSystemPing: JobHandler<'system.ping'> = async (payload) => {
  const receivedAt = new Date();
  const latencyMs = payload.sentAt ? receivedAt.getTime() - Date.parse(payload.sentAt) : null;
  return { receivedAt: receivedAt.toISOString(), latencyMs };
};
