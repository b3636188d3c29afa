import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, withLogFields } from './logger.ts';

// pino writes each line through process.stdout / process.stderr, so the lines are caught at their write.
function captureLines() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const into = (lines: string[]) => (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(into(stdout));
  vi.spyOn(process.stderr, 'write').mockImplementation(into(stderr));
  const parsed = (lines: string[]) =>
    lines
      .join('')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { stdout: () => parsed(stdout), stderr: () => parsed(stderr) };
}

afterEach(() => vi.restoreAllMocks());

describe('createLogger', () => {
  it('writes one JSON object a line: level by name, ISO time, the bindings, msg and the fields', () => {
    const lines = captureLines();
    createLogger('info', { service: 'worker' }).info('worker started', { queues: ['chat.reply'] });
    const [line] = lines.stdout();
    expect(line).toEqual({
      level: 'info',
      time: expect.any(String),
      service: 'worker',
      msg: 'worker started',
      queues: ['chat.reply'],
    });
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  it('sends warnings and errors to stderr, the rest to stdout, each line once', () => {
    const lines = captureLines();
    const log = createLogger('trace');
    log.trace('a');
    log.debug('b');
    log.info('c');
    log.warn('d');
    log.error('e');
    expect(lines.stdout().map((line) => [line.level, line.msg])).toEqual([
      ['trace', 'a'],
      ['debug', 'b'],
      ['info', 'c'],
    ]);
    expect(lines.stderr().map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'd'],
      ['error', 'e'],
    ]);
  });

  it('leaves out lines below its level, and everything when silent', () => {
    const lines = captureLines();
    createLogger('warn').info('hidden');
    createLogger('silent').error('hidden too');
    createLogger('warn').warn('shown');
    expect([...lines.stdout(), ...lines.stderr()].map((line) => line.msg)).toEqual(['shown']);
  });

  it('logs an error in any field, `err` included, without the values a failed statement carried', () => {
    const lines = captureLines();
    const failure = Object.assign(new Error('duplicate key'), { code: '23505', parameters: ['secret-session-id'] });
    withLogFields(createLogger(), { requestId: 'r1' }).error('job failed', { error: failure });
    createLogger().error('request failed', { err: failure });
    const [job, request] = lines.stderr();
    const described = { type: 'Error', code: '23505', message: 'duplicate key' };
    expect(job).toMatchObject({ msg: 'job failed', requestId: 'r1', error: described });
    expect(request).toMatchObject({ msg: 'request failed', err: described });
    expect(JSON.stringify([job, request])).not.toContain('secret-session-id');
  });
});
