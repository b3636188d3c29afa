// The Sentry adapter with the real @sentry/node SDK against the local ingest: what an event carries
// (the exception, its cause, our tags, release and environment) and what it must not (request data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSentry, startFakeSentry } from '../testing/fake-sentry.ts';
import { createErrorReporter } from './create-error-reporter.ts';

let sentry: FakeSentry;
beforeAll(async () => {
  sentry = await startFakeSentry();
});
afterAll(() => sentry.close());

class QueryFailed extends Error {
  override name = 'QueryFailed';
}

describe('the Sentry error reporter', () => {
  it('sends the exception with its cause, tags, release and environment to the DSN', async () => {
    const reporter = await createErrorReporter({ dsn: sentry.dsn, environment: 'staging', release: '1.2.3', service: 'api' });
    expect(reporter.kind).toBe('sentry');
    const error = new Error('job failed', { cause: new QueryFailed('insert into "messages" failed') });
    reporter.capture(error, { tags: { error_id: 'abcdef0123', job: 'chat.reply', skipped: undefined }, extra: { attempt: 2 } });
    expect(await reporter.close()).toBe(true);

    const [event] = await sentry.waitForEvents(1);
    expect(event?.environment).toBe('staging');
    expect(event?.release).toBe('1.2.3');
    expect(event?.tags).toEqual({ service: 'api', error_id: 'abcdef0123', job: 'chat.reply' });
    expect(event?.contexts?.details).toEqual({ attempt: 2 });
    const types = event?.exception?.values?.map((value) => value.type);
    expect(types).toEqual(expect.arrayContaining(['Error', 'QueryFailed']));
    expect(event?.request).toBeUndefined();
  });

  it('is the structured log alone without a DSN', async () => {
    const reporter = await createErrorReporter({ service: 'worker' });
    expect(reporter.kind).toBe('log');
    reporter.capture(new Error('nowhere to send'));
    expect(await reporter.flush()).toBe(true);
  });
});
