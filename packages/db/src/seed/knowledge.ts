// Demo knowledge: global and talent FAQs, and fine-tuning models with versions in every status.
import { eq } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { faqItems, faqs, models, modelVersions, newId } from '../schema/index.ts';
import type { SeedContext } from './business.ts';
import { globalFaqs, miaFaqItems, miaTrainingExamples } from './content.ts';

export async function seedKnowledge(
  tx: Transaction,
  ctx: SeedContext,
): Promise<{ miaFaqId: string; miaFineTunedModelId: string; fineTuningModelId: string }> {
  const { ago, miaId, leoId } = ctx;
  // FAQs: global ones (no talent) and Mia's own.
  const miaFaqId = newId();
  const faqRows = [
    ...globalFaqs.map((faq) => ({ id: newId(), name: faq.name, talentId: null, items: faq.items })),
    { id: miaFaqId, name: 'Mia Moreno', talentId: miaId, items: miaFaqItems },
  ];
  await tx.insert(faqs).values(faqRows.map(({ items: _, ...faq }) => ({ ...faq, createdAt: ago(90) })));
  await tx
    .insert(faqItems)
    .values(
      faqRows.flatMap((faq) => faq.items.map(([question, answer], position) => ({ faqId: faq.id, position, question, answer }))),
    );

  // Fine-tuning: Mia's model has a failed, a succeeded (default) and a running version; Leo's
  // first version is still uploading its training file.
  const miaModelId = newId();
  const leoModelId = newId();
  const miaDefaultVersionId = newId();
  // Still fine-tuning: its job id is one the offline fine-tuner recognises, so on a machine with
  // no provider configured the worker's next sweep completes it like any other.
  const miaRunningVersionId = newId();
  const runningBase = 'gpt-4o-mini-2024-07-18';
  const miaFineTunedModelId = 'ft:gpt-3.5-turbo-1106:doppel:mia:8Kq2xYz1';
  await tx.insert(models).values([
    {
      id: miaModelId,
      name: 'Mia Moreno – tone',
      base: 'gpt-4o-mini-2024-07-18',
      talentId: miaId,
      trainingExamples: miaTrainingExamples,
      createdAt: ago(35),
    },
    {
      id: leoModelId,
      name: 'Leo Park – coach',
      base: 'gpt-4o-mini-2024-07-18',
      talentId: leoId,
      trainingExamples: miaTrainingExamples.slice(0, 20),
      createdAt: ago(3),
    },
  ]);
  await tx.insert(modelVersions).values([
    {
      modelId: miaModelId,
      base: 'gpt-3.5-turbo-1106',
      status: 'FAILED',
      trainingExamples: miaTrainingExamples.slice(0, 20),
      errorMessage:
        'invalid_training_file: Example 7, message 3: content must be a non-empty string. Fix the training file and generate a new version.',
      openAiOrganisationId: 'org-doppel-v0',
      openAiTrainingFileId: 'file-Demo7rYcQ1',
      openAiFineTuningJobId: 'ftjob-Demo0FailedA1',
      createdAt: ago(30),
    },
    {
      id: miaDefaultVersionId,
      modelId: miaModelId,
      base: 'gpt-3.5-turbo-1106',
      status: 'SUCCEEDED',
      trainingExamples: miaTrainingExamples,
      fineTunedModelId: miaFineTunedModelId,
      openAiOrganisationId: 'org-doppel-v1',
      openAiTrainingFileId: 'file-Demo8kQ2xY',
      openAiFineTuningJobId: 'ftjob-Demo1DoneB2',
      createdAt: ago(20),
    },
    {
      id: miaRunningVersionId,
      modelId: miaModelId,
      base: runningBase,
      status: 'FINE_TUNING',
      trainingExamples: miaTrainingExamples,
      openAiOrganisationId: 'org-doppel-v1',
      openAiTrainingFileId: `offline-file-${miaRunningVersionId}`,
      openAiFineTuningJobId: `offline-ftjob:${miaRunningVersionId}:${runningBase}`,
      createdAt: ago(0, 120),
    },
    {
      modelId: leoModelId,
      base: 'gpt-4o-mini-2024-07-18',
      status: 'UPLOADING_TRAINING_FILE',
      trainingExamples: miaTrainingExamples.slice(0, 20),
      createdAt: ago(0, 10),
    },
  ]);
  await tx
    .update(models)
    .set({ defaultVersionId: miaDefaultVersionId, defaultFineTunedModelId: miaFineTunedModelId })
    .where(eq(models.id, miaModelId));

  return { miaFaqId, miaFineTunedModelId, fineTuningModelId: miaModelId };
}
