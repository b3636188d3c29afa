// The offline fine-tuner: a whole run, answers that need no memory, and files OpenAI would refuse.
import { FineTuningRefusedError } from '@doppel/domain/ports';
import { describe, expect, it } from 'vitest';
import { createFineTuning } from './create-fine-tuning.ts';
import { createOfflineFineTuning, trainingFileProblem } from './offline-fine-tuning.ts';

const BASE = 'gpt-4o-mini-2024-07-18';
const VERSION = '0192f3c4-7d1e-7a00-8000-000000000001';

const line = (messages: unknown) => JSON.stringify({ messages });
const example = (i: number) =>
  line([
    { role: 'system', content: 'You are Mia.' },
    { role: 'user', content: `hi #${i}` },
    { role: 'assistant', content: `hello #${i}` },
  ]);
const jsonlOf = (count: number) => `${Array.from({ length: count }, (_, i) => example(i + 1)).join('\n')}\n`;

const refusalOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FineTuningRefusedError);
  return (error as Error).message;
};

describe('offline fine-tuning', () => {
  it('is what createFineTuning picks without a key, even with a base URL', () => {
    expect(createFineTuning({}).engine).toBe('offline');
    expect(createFineTuning({ openAiBaseUrl: 'http://127.0.0.1:11434/v1' }).engine).toBe('offline');
  });

  it('runs a version to succeeded at once, with a model id of its base and version', async () => {
    const port = createOfflineFineTuning();
    expect(await port.findTrainingFile(VERSION)).toBeNull();
    const { fileId } = await port.uploadTrainingFile({ versionId: VERSION, jsonl: jsonlOf(10) });
    expect(fileId).toBe(`offline-file-${VERSION}`);
    expect(await port.findJob(VERSION)).toBeNull();
    const created = await port.createJob({ versionId: VERSION, trainingFileId: fileId, baseModel: BASE });
    const expected = {
      jobId: created.jobId,
      status: 'succeeded',
      fineTunedModelId: `ft:${BASE}:doppel-offline:${VERSION}`,
      organisationId: 'org-doppel-offline',
      errorMessage: null,
    };
    expect(created).toEqual(expected);
    expect(await port.getJob(created.jobId)).toEqual(expected);
  });

  it('answers the same in another process: ids come from the version, the job id carries the base', async () => {
    const first = createOfflineFineTuning();
    const second = createOfflineFineTuning();
    const upload = { versionId: VERSION, jsonl: jsonlOf(12) };
    expect(await second.uploadTrainingFile(upload)).toEqual(await first.uploadTrainingFile(upload));
    const fineTunedBase = 'ft:gpt-4o-mini-2024-07-18:org:mia:abc123';
    const job = await first.createJob({ versionId: VERSION, trainingFileId: 'any', baseModel: fineTunedBase });
    expect(await second.createJob({ versionId: VERSION, trainingFileId: 'any', baseModel: fineTunedBase })).toEqual(job);
    expect(await second.getJob(job.jobId)).toEqual(job);
    expect(job.fineTunedModelId).toBe(`ft:${fineTunedBase}:doppel-offline:${VERSION}`);
  });

  it('refuses a job another provider started', async () => {
    expect(await refusalOf(createOfflineFineTuning().getJob('ftjob-abc123'))).toBe(
      'The offline fine-tuner does not know the job ftjob-abc123.',
    );
  });

  it('refuses a training file OpenAI would refuse, naming the line', async () => {
    const port = createOfflineFineTuning();
    const upload = (jsonl: string) => refusalOf(port.uploadTrainingFile({ versionId: VERSION, jsonl }));
    expect(await upload(jsonlOf(9))).toBe('Training file has 9 example(s), but must have at least 10 examples.');
    expect(await upload(`${jsonlOf(10)}{not json\n`)).toBe('Invalid training file: line 11 is not valid JSON.');
    expect(await upload(`[1]\n${jsonlOf(10)}`)).toBe('Invalid training file: line 1 is not a JSON object.');
    expect(await upload(`${example(1)}\n{"prompt":"hi"}`)).toBe('Invalid training file: line 2 has no messages array.');
    expect(await upload(line([{ role: 'bot', content: 'hi' }]))).toBe(
      'Invalid training file: line 1 has a message with an unknown role (bot).',
    );
    expect(await upload(line([{ role: 'user', content: 3 }]))).toBe(
      'Invalid training file: line 1 has a message whose content is not text.',
    );
    expect(await upload(line([{ role: 'user', content: 'hi' }]))).toBe('Invalid training file: line 1 has no assistant message.');
  });

  it('accepts a file with blank lines and a trailing newline', () => {
    expect(trainingFileProblem(`\n${jsonlOf(10)}\n\n`)).toBeNull();
  });
});
