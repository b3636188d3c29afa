import { describe, expect, it } from 'vitest';
import {
  deadLetterQueueName,
  InvalidJobPayloadError,
  isJobName,
  jobCatalog,
  jobNames,
  notifyBackstopPollingSeconds,
  parseJobPayload,
} from './catalog.ts';
import { knowledgeIngestKey } from './knowledge-jobs.ts';

describe('job catalog', () => {
  it('has a dotted name and a dead-letter queue for every job', () => {
    for (const name of jobNames) {
      expect(name).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
      expect(deadLetterQueueName(name)).toBe(`${name}.dead`);
    }
  });

  it('polls no queue less often than the NOTIFY backstop (pg-boss refuses to start such a worker)', () => {
    for (const name of jobNames)
      expect(jobCatalog[name].work.pollingIntervalSeconds).toBeLessThanOrEqual(notifyBackstopPollingSeconds);
  });

  it('declares schedules whose payloads pass their own schema', () => {
    for (const name of jobNames) {
      const { schedule } = jobCatalog[name] as { schedule?: { payload: unknown } };
      if (schedule) expect(() => parseJobPayload(name, schedule.payload)).not.toThrow();
    }
    expect(jobCatalog['session.cleanup'].schedule?.cron).toBe('*/15 * * * *');
  });

  it('validates payloads, applies defaults and rejects unknown keys', () => {
    expect(parseJobPayload('session.cleanup', {})).toEqual({ trigger: 'manual' });
    expect(parseJobPayload('session.cleanup', { trigger: 'schedule' })).toEqual({ trigger: 'schedule' });
    expect(() => parseJobPayload('session.cleanup', { trigger: 'hourly' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('session.cleanup', { trigger: 'manual', userId: 'x' })).toThrow(
      /invalid payload for session.cleanup/,
    );
    expect(() => parseJobPayload('session.cleanup', null)).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('system.ping', { sentAt: 'yesterday' })).toThrow(InvalidJobPayloadError);
  });

  it('keeps NOTIFY out of the fan send path: chat replies wake through the live feed instead', () => {
    expect(jobCatalog['system.ping'].queue.notify).toBe(true);
    expect(jobCatalog['chat.reply'].queue.notify).toBe(false);
    expect(jobCatalog['chat.reply'].work.wakeOnChange).toBe(true);
    expect(jobCatalog['session.cleanup'].queue.notify).toBe(false);
  });

  it('takes the fan message to answer as the chat.reply payload, retried and dead-lettered', () => {
    expect(parseJobPayload('chat.reply', { chatId: 'c1', messageId: 'm1' })).toEqual({ chatId: 'c1', messageId: 'm1' });
    // The send's moderation verdict, when it asked the endpoint: the job does not ask again.
    const moderated = { chatId: 'c1', messageId: 'm1', moderation: { flagged: true, categories: ['violence'] } };
    expect(parseJobPayload('chat.reply', moderated)).toEqual(moderated);
    expect(() => parseJobPayload('chat.reply', { ...moderated, moderation: { flagged: 'yes' } })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('chat.reply', { chatId: 'c1' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('chat.reply', { chatId: 'c1', messageId: '' })).toThrow(InvalidJobPayloadError);
    const { queue, work } = jobCatalog['chat.reply'];
    expect(queue.retryLimit).toBeGreaterThan(0);
    expect(queue.retryBackoff).toBe(true);
    expect(queue.expireInSeconds).toBe(120);
    // A reply a dead worker held is retried within seconds of the crash (its heartbeat lapses).
    expect(queue.heartbeatSeconds).toBe(10);
    // …and sooner still by the stalled-job sweep: touched every second, retried 5 s after the last touch.
    // One chat's replies in order, one at a time; hundreds of chats' at once, one fetch loop.
    expect(queue.policy).toBe('key_strict_fifo');
    expect(jobCatalog['chat.reply'].key?.({ chatId: 'c1', messageId: 'm1' })).toBe('c1');
    expect(work).toEqual({
      pollingIntervalSeconds: 0.5,
      concurrency: 1024,
      pump: true,
      wakeOnChange: true,
      stalled: { refreshSeconds: 1, afterSeconds: 5 },
    });
  });

  it('takes one source revision as the knowledge.ingest payload, one queued job per revision', () => {
    expect(parseJobPayload('knowledge.ingest', { sourceId: 's1', revision: 2 })).toEqual({ sourceId: 's1', revision: 2 });
    expect(() => parseJobPayload('knowledge.ingest', { sourceId: 's1' })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('knowledge.ingest', { sourceId: 's1', revision: 0 })).toThrow(InvalidJobPayloadError);
    expect(() => parseJobPayload('knowledge.ingest', { sourceId: '', revision: 1 })).toThrow(InvalidJobPayloadError);
    const { queue, work } = jobCatalog['knowledge.ingest'];
    expect(queue.policy).toBe('stately');
    expect(queue.retryLimit).toBeGreaterThan(0);
    expect(queue.notify).toBe(false);
    expect(work.wakeOnChange).toBe(true);
    expect(knowledgeIngestKey('s1', 2)).toBe('s1:2');
  });

  it('recognises catalog names only', () => {
    expect(isJobName('session.cleanup')).toBe(true);
    expect(isJobName('toString')).toBe(false);
  });
});
