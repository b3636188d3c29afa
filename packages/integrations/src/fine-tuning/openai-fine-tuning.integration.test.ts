// The fine-tuning adapter through the real `openai` SDK against the local fake OpenAI server.
import { FineTuningRefusedError } from '@doppel/domain/ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../testing/index.ts';
import { createFineTuning } from './create-fine-tuning.ts';

const BASE = 'gpt-4o-mini-2024-07-18';

/** `count` chat examples as the pipeline writes them: one JSON object per line. */
const jsonlOf = (count: number) =>
  `${Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      messages: [
        { role: 'user', content: `Tell me about travel #${i + 1}` },
        { role: 'assistant', content: `I love travel, story ${i + 1}!` },
      ],
    }),
  ).join('\n')}\n`;

const failureOf = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'sk-test' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const port = () => createFineTuning({ openAiApiKey: 'sk-test', openAiBaseUrl: fake.url });

/** Uploads the version's file and creates its job, as the pipeline's first step does. */
const startJob = async (versionId: string, jsonl = jsonlOf(12)) => {
  const { fileId } = await port().uploadTrainingFile({ versionId, jsonl });
  return port().createJob({ versionId, trainingFileId: fileId, baseModel: BASE });
};

describe('createFineTuning against a fake OpenAI server', () => {
  it('uses OpenAI when a key is set', () => {
    expect(port().engine).toBe('openai');
  });

  it('uploads the version’s JSONL for fine-tuning and finds it again by name', async () => {
    expect(await port().findTrainingFile('version-1')).toBeNull();
    const jsonl = jsonlOf(12);
    const { fileId } = await port().uploadTrainingFile({ versionId: 'version-1', jsonl });
    await port().uploadTrainingFile({ versionId: 'version-2', jsonl });

    expect(await port().findTrainingFile('version-1')).toEqual({ fileId });
    expect(await port().findTrainingFile('version-3')).toBeNull();
    const [uploaded] = fake.filesUploaded();
    expect(uploaded).toMatchObject({
      id: fileId,
      filename: 'doppel-version-version-1.jsonl',
      purpose: 'fine-tune',
      content: jsonl,
    });
    expect(fake.requests.find((request) => request.path === '/v1/files')?.authorization).toBe('Bearer sk-test');
  });

  it('creates the job with the version id in its metadata and finds it again by version', async () => {
    const created = await startJob('version-1');
    await startJob('version-2');
    expect(created).toEqual({
      jobId: expect.stringMatching(/^ftjob-/),
      status: 'validating_files',
      fineTunedModelId: null,
      organisationId: 'org-doppel-v1',
      errorMessage: null,
    });
    const [job] = fake.jobsCreated();
    expect(job).toMatchObject({ model: BASE, suffix: 'doppel', metadata: { doppel_version_id: 'version-1' } });

    expect(await port().findJob('version-1')).toEqual(created);
    expect(await port().findJob('version-3')).toBeNull();
  });

  it('polls a job through queued and running to succeeded, with the model id and organisation', async () => {
    const { jobId } = await startJob('version-1');
    const statuses = [];
    for (let poll = 0; poll < 3; poll++) statuses.push((await port().getJob(jobId)).status);
    expect(statuses).toEqual(['queued', 'running', 'succeeded']);
    expect(await port().getJob(jobId)).toEqual({
      jobId,
      status: 'succeeded',
      fineTunedModelId: `ft:${BASE}:doppel:doppel:${jobId}`,
      organisationId: 'org-doppel-v1',
      errorMessage: null,
    });
  });

  it('reports a failed job with the provider’s message', async () => {
    fake.failNextJob('invalid_training_file: Example 3 has no assistant message.');
    const { jobId } = await startJob('version-1');
    expect(await port().getJob(jobId)).toMatchObject({
      status: 'failed',
      fineTunedModelId: null,
      errorMessage: 'invalid_training_file: Example 3 has no assistant message.',
    });
  });

  it('takes the message of the latest error event when the job carries no error', async () => {
    fake.failNextJob('The job failed due to an internal error.', { inEventsOnly: true });
    const { jobId } = await startJob('version-1');
    expect((await port().getJob(jobId)).errorMessage).toBe('The job failed due to an internal error.');
  });

  it('fails a job whose training file the provider finds invalid', async () => {
    const { jobId } = await startJob('version-1', jsonlOf(3));
    const job = await port().getJob(jobId);
    expect(job.status).toBe('failed');
    expect(job.errorMessage).toBe('Training file has 3 example(s), but must have at least 10 examples.');
  });

  it('throws FineTuningRefusedError with the provider’s words for a base it does not fine-tune', async () => {
    fake.fineTunableBases([BASE]);
    const { fileId } = await port().uploadTrainingFile({ versionId: 'version-1', jsonl: jsonlOf(12) });
    const error = await failureOf(
      port().createJob({ versionId: 'version-1', trainingFileId: fileId, baseModel: 'gpt-3.5-turbo-1106' }),
    );
    expect(error).toBeInstanceOf(FineTuningRefusedError);
    expect(error.message).toBe('Model gpt-3.5-turbo-1106 is not available for fine-tuning or does not exist.');
    expect(fake.jobsCreated()).toHaveLength(0);
  });

  it('refuses a job it does not know', async () => {
    const error = await failureOf(port().getJob('ftjob-missing'));
    expect(error).toBeInstanceOf(FineTuningRefusedError);
    expect(error.message).toBe('Could not find fine-tuning job ftjob-missing.');
  });

  it('throws a plain error (the job retries) when the provider fails with a 5xx', async () => {
    fake.failNextUpload(500, 'The server had an error while processing your request.');
    const error = await failureOf(port().uploadTrainingFile({ versionId: 'version-1', jsonl: jsonlOf(12) }));
    expect(error).not.toBeInstanceOf(FineTuningRefusedError);
    expect(error.message).toMatch(/The server had an error while processing your request/);
    expect(fake.filesUploaded()).toHaveLength(0);
    // The retry goes through.
    expect((await port().uploadTrainingFile({ versionId: 'version-1', jsonl: jsonlOf(12) })).fileId).toMatch(/^file-/);
  });

  it('throws a plain error when the key is refused or the server cannot be reached', async () => {
    const wrongKey = createFineTuning({ openAiApiKey: 'sk-wrong', openAiBaseUrl: fake.url });
    const unauthorised = await failureOf(wrongKey.findTrainingFile('version-1'));
    expect(unauthorised).not.toBeInstanceOf(FineTuningRefusedError);
    expect(unauthorised.message).toMatch(/Incorrect API key provided/);

    const unreachable = createFineTuning({ openAiApiKey: 'sk-test', openAiBaseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2_000 });
    expect(await failureOf(unreachable.findJob('version-1'))).not.toBeInstanceOf(FineTuningRefusedError);
  });
});
