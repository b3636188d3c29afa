import { describe, expect, it, vi } from 'vitest';
import { watchDatabaseOutages } from './outages.ts';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** As drizzle hands a driver's error to callers: its own error (the SQL), the driver's as the cause. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

/** A watch whose probe answers as `database.up` says, what it wrote, and how many probes it ran. */
function watched() {
  const database = { up: false };
  const lines: string[] = [];
  const backs: { downForMs: number; quietFailures: number }[] = [];
  let probes = 0;
  const watch = watchDatabaseOutages({
    probe: async () => {
      probes += 1;
      if (!database.up) throw refused();
    },
    onDown: (code) => lines.push(`down ${code}`),
    onBack: (outage) => {
      lines.push('back');
      backs.push(outage);
    },
    probeIntervalMs: 5,
  });
  return { database, lines, backs, watch, probes: () => probes };
}

describe('watchDatabaseOutages', () => {
  it('turns the failures of one outage into one line when it begins and one when the database answers again', async () => {
    const { database, lines, backs, watch, probes } = watched();
    try {
      expect(watch.absorbs(wrapped(refused()))).toBe(true);
      for (let i = 0; i < 500; i++) expect(watch.absorbs(i % 2 ? refused() : wrapped({ code: '57P01' }))).toBe(true);
      expect(lines).toEqual(['down ECONNREFUSED']);

      // The probe keeps failing while the database is down: three failed probes later, nothing more is said.
      await vi.waitFor(() => expect(probes()).toBeGreaterThanOrEqual(3));
      expect(lines).toEqual(['down ECONNREFUSED']);

      database.up = true;
      await vi.waitFor(() => expect(lines).toEqual(['down ECONNREFUSED', 'back']));
      expect(backs[0]?.quietFailures).toBe(500);

      // A later outage is a new one, with its own pair of lines.
      expect(watch.absorbs({ code: 'CONNECTION_CLOSED' })).toBe(true);
      expect(lines.at(-1)).toBe('down CONNECTION_CLOSED');
      await vi.waitFor(() => expect(lines.at(-1)).toBe('back'));
      expect(lines).toHaveLength(4);
    } finally {
      watch.stop();
    }
  });

  it('leaves every other failure to be logged as usual, one statement running out of time included', () => {
    const { lines, watch } = watched();
    try {
      expect(watch.absorbs(new Error('boom'))).toBe(false);
      expect(watch.absorbs(wrapped({ code: '23505' }))).toBe(false);
      // statement_timeout and idle_in_transaction_session_timeout: the database answers, one call was slow.
      expect(watch.absorbs(wrapped({ code: '57014' }))).toBe(false);
      expect(watch.absorbs(wrapped({ code: '25P03' }))).toBe(false);
      expect(watch.absorbs(undefined)).toBe(false);
      expect(lines).toEqual([]);
    } finally {
      watch.stop();
    }
  });

  it('once stopped, neither probes nor swallows', async () => {
    const { database, lines, watch, probes } = watched();
    expect(watch.absorbs(refused())).toBe(true);
    watch.stop();
    const probesAtStop = probes();
    database.up = true;
    // A running watch with the same interval, started after the stop: once it has probed three
    // times, the stopped one would have probed too had it not stopped.
    const running = watched();
    try {
      running.watch.absorbs(refused());
      await vi.waitFor(() => expect(running.probes()).toBeGreaterThanOrEqual(3));
    } finally {
      running.watch.stop();
    }
    expect(probes()).toBe(probesAtStop);
    expect(lines).toEqual(['down ECONNREFUSED']);
    expect(watch.absorbs(refused())).toBe(false);
  });
});
