// The product in separate processes, as `npm start` runs it, for the tests that kill the worker:
// an API process and a worker under the real supervisor (scripts/supervised-child.ts, restarted
// after a crash), on a database with the demo data, answering through a fake OpenAI.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemoData } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { inject } from 'vitest';
import { type SupervisedChild, superviseChild } from '../../../../scripts/supervised-child.ts';
import { type ApiProcess, startApiProcess } from '../harness.ts';

const root = resolve(import.meta.dirname, '../../../..');

export type SupervisedProduct = {
  database: TestDatabase;
  openAi: FakeOpenAi;
  api: ApiProcess;
  /** What the supervisor said so far ("worker started (pid 123)", "worker exited unexpectedly …"). */
  said: () => string;
  /** The pid the supervisor last reported for the worker. */
  workerPid: () => number | undefined;
  /** What the supervisor said and the API printed, for a failure message. */
  output: () => string;
  stop: () => Promise<void>;
};

export async function startSupervisedProduct(options: {
  openAi: Parameters<typeof startFakeOpenAi>[0];
  /** Names the temporary files folder, for a reader of /tmp. */
  name: string;
  /** The test's own environment (PATH and the like), which the processes start from. */
  environment: NodeJS.ProcessEnv;
}): Promise<SupervisedProduct> {
  const database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  const openAi = await startFakeOpenAi(options.openAi);
  const filesDir = mkdtempSync(join(tmpdir(), `doppel-${options.name}-`));
  // The child processes get a user's environment, not the test runner's.
  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = options.environment;
  const env = {
    ...inherited,
    DATABASE_URL: database.url,
    FILES_DIR: filesDir,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: openAi.url,
    LOG_LEVEL: 'warn',
  };
  const api = await startApiProcess({ ...env, TRUST_PROXY: 'true', FAN_FREE_CREDITS: '100' });
  let said = '';
  const worker: SupervisedChild = superviseChild({
    name: 'worker',
    script: join(root, 'apps/worker/src/main.ts'),
    cwd: root,
    env,
    say: (line) => {
      said += `${line}\n`;
    },
    restartOnCrash: () => true,
    onGiveUp: (reason) => {
      said += `gave up: ${reason}\n`;
    },
  });

  return {
    database,
    openAi,
    api,
    said: () => said,
    workerPid: () => {
      const last = [...said.matchAll(/worker (?:started|restarted) \(pid (\d+)\)/g)].at(-1)?.[1];
      return last === undefined ? undefined : Number(last);
    },
    output: () => `${said}\n${api.output()}`,
    stop: async () => {
      await worker.stop(15_000);
      await api.stop();
      await openAi.close();
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
