// The benchmarks' instant model in its own process, as a real model server would be: its work
// then never delays the load generator's clock. Prints its URL on the first line of stdout.
import { startFakeOpenAi } from '@doppel/integrations/testing';

const fake = await startFakeOpenAi();
process.stdout.write(`${fake.url}\n`);
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0));
});
