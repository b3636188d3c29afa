import { describe, expect, it } from 'vitest';
import { helpText, parseCommandLine, UsageError } from './args.ts';

const usageError = (argv: string[]) => {
  try {
    parseCommandLine(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`expected ${argv.join(' ')} to be rejected`);
};

describe('ops CLI arguments', () => {
  it('shows help for no command, help, --help and -h anywhere', () => {
    for (const argv of [[], ['help'], ['--help'], ['jobs', 'x', '-h']]) expect(parseCommandLine(argv)).toEqual({ name: 'help' });
  });

  it('parses jobs with defaults, a state filter and a limit', () => {
    expect(parseCommandLine(['jobs', 'session.cleanup'])).toEqual({
      name: 'jobs',
      queue: 'session.cleanup',
      state: undefined,
      limit: 20,
    });
    expect(parseCommandLine(['jobs', 'system.ping', '--state', 'failed', '--limit', '5'])).toEqual({
      name: 'jobs',
      queue: 'system.ping',
      state: 'failed',
      limit: 5,
    });
    expect(parseCommandLine(['jobs', 'system.ping', '--state=completed'])).toMatchObject({ state: 'completed' });
  });

  it('rejects a bad state, a bad limit, a missing queue and unknown options', () => {
    expect(usageError(['jobs', 'q', '--state', 'done'])).toMatch(/--state must be one of created, retry/);
    expect(usageError(['jobs', 'q', '--limit', '0'])).toMatch(/--limit must be a whole number/);
    expect(usageError(['jobs', 'q', '--limit', '2.5'])).toMatch(/--limit/);
    expect(usageError(['jobs'])).toMatch(/needs <queue>/);
    expect(usageError(['queues', '--state', 'failed'])).toMatch(/^queues: Unknown option '--state'/);
    expect(usageError(['queues', 'extra'])).toMatch(/unexpected argument: extra/);
  });

  it('parses run with a validated payload, defaults applied', () => {
    expect(parseCommandLine(['run', 'session.cleanup'])).toEqual({
      name: 'run',
      job: 'session.cleanup',
      payload: { trigger: 'manual' },
      wait: false,
      timeoutSeconds: 60,
    });
    expect(parseCommandLine(['run', 'system.ping', '{"sentAt":"2030-01-01T00:00:00Z"}', '--wait', '--timeout', '5'])).toEqual({
      name: 'run',
      job: 'system.ping',
      payload: { sentAt: '2030-01-01T00:00:00Z' },
      wait: true,
      timeoutSeconds: 5,
    });
  });

  it('rejects unknown jobs, non-JSON payloads and payloads the catalog refuses', () => {
    expect(usageError(['run', 'nope'])).toMatch(/unknown job "nope"; jobs: session\.cleanup, .*system\.ping/);
    expect(usageError(['run'])).toMatch(/needs <job-name>/);
    expect(usageError(['run', 'session.cleanup', '{trigger'])).toMatch(/must be JSON/);
    expect(usageError(['run', 'session.cleanup', '{"trigger":"often"}'])).toMatch(/invalid payload for session.cleanup/);
    expect(usageError(['run', 'session.cleanup', '{"extra":1}'])).toMatch(/invalid payload for session.cleanup/);
  });

  it('trims and lower-cases emails and rejects invalid ones', () => {
    expect(parseCommandLine(['admin', 'create', '  Boss@Example.COM ', '--name', ' Big Boss '])).toEqual({
      name: 'admin create',
      email: 'boss@example.com',
      displayName: 'Big Boss',
    });
    expect(parseCommandLine(['admin', 'promote', 'A@B.io'])).toEqual({ name: 'admin promote', email: 'a@b.io' });
    expect(parseCommandLine(['users', 'accept', 'fan1@doppel.dev'])).toEqual({ name: 'users accept', email: 'fan1@doppel.dev' });
    expect(usageError(['admin', 'create', 'not-an-email'])).toBe('invalid email "not-an-email": not a valid email address');
    expect(usageError(['admin', 'promote'])).toMatch(/needs <email>/);
    expect(usageError(['admin', 'create', 'a@b.io', '--name', '  '])).toMatch(/--name must have 1 to 100 characters/);
  });

  it('names unknown commands and subcommands', () => {
    expect(usageError(['frobnicate'])).toMatch(/unknown command "frobnicate"/);
    expect(usageError(['admin', 'delete', 'a@b.io'])).toMatch(/`admin` takes create or promote/);
    expect(usageError(['users'])).toMatch(/`users` takes accept/);
    expect(usageError(['ledger', 'fix'])).toMatch(/`ledger` takes check/);
  });

  it('parses ledger check, with --repair', () => {
    expect(parseCommandLine(['ledger', 'check'])).toEqual({ name: 'ledger check', repair: false });
    expect(parseCommandLine(['ledger', 'check', '--repair'])).toEqual({ name: 'ledger check', repair: true });
  });

  it('parses the broadcast commands: list (the default), run and retry', () => {
    expect(parseCommandLine(['broadcasts'])).toEqual({ name: 'broadcasts list', limit: 20 });
    expect(parseCommandLine(['broadcasts', '--limit', '5'])).toEqual({ name: 'broadcasts list', limit: 5 });
    expect(parseCommandLine(['broadcasts', 'list'])).toEqual({ name: 'broadcasts list', limit: 20 });
    expect(parseCommandLine(['broadcasts', 'run', 'b1'])).toEqual({ name: 'broadcasts run', broadcastId: 'b1' });
    expect(parseCommandLine(['broadcasts', 'retry', 'b1'])).toEqual({ name: 'broadcasts retry', broadcastId: 'b1' });
    expect(usageError(['broadcasts', 'run'])).toMatch(/needs <broadcast-id>/);
    expect(usageError(['broadcasts', 'resend', 'b1'])).toMatch(/`broadcasts` takes list, run or retry/);
  });

  it('parses telegram reseal, which takes no argument', () => {
    expect(parseCommandLine(['telegram', 'reseal'])).toEqual({ name: 'telegram reseal' });
    expect(usageError(['telegram', 'reseal', 'now'])).toMatch(/unexpected argument: now/);
    expect(usageError(['telegram', 'rotate'])).toMatch(/`telegram` takes reseal/);
  });

  it('lists every command in the help text', () => {
    const text = helpText();
    for (const command of [
      'queues',
      'jobs <queue>',
      'run <job-name>',
      'retry <queue>',
      'admin create',
      'admin promote',
      'users accept',
      'ledger check',
      'broadcasts run',
      'broadcasts retry',
      'telegram reseal',
      'migrate',
      'seed',
    ]) {
      expect(text).toContain(command);
    }
  });
});
