// Test fixture (chat-reach-out-triggers.integration.test.ts): one reach-out evaluation at a fixed
// clock in a process of its own, which the test kills with SIGKILL mid-run as a crash would.
// Usage: node chat-reach-out-run.fixture.ts <database url> <now as ISO 8601>
import { createDbClient } from '@doppel/db';
import { evaluateReachOuts } from '@doppel/domain/reach-out';

const [url, now] = process.argv.slice(2);
if (!url || !now) throw new Error('usage: chat-reach-out-run.fixture.ts <database url> <now>');
// Its own application name, so the test can see this process's session wait on a lock.
const client = createDbClient(url, { max: 1, applicationName: 'doppel-reach-out-fixture' });
const outcome = await evaluateReachOuts(client.db, { now: new Date(now) });
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await client.close();
