// "Export training data" (docs/fine-tuning.md#bring-your-own-model): the model's examples as the
// OpenAI chat fine-tuning file (`{"messages":[...]}` per line), the same JSONL the providers get,
// for operators who train a LoRA elsewhere and register it back.
import { type Executor, models } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { trainingJsonl } from '../../models/fine-tuning-pipeline.ts';

export async function exportTrainingJsonl(
  db: Executor,
  modelId: string,
): Promise<{ fileName: string; jsonl: string; exampleCount: number }> {
  const [model] = await db
    .select({ name: models.name, trainingExamples: models.trainingExamples })
    .from(models)
    .where(eq(models.id, modelId));
  if (!model) throw new DomainError('NOT_FOUND', 'Model not found');
  if (model.trainingExamples.length === 0) {
    throw new DomainError('INVALID', 'This model has no training examples yet: add and save some first.');
  }
  const slug =
    model.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'model';
  return { fileName: `${slug}-training.jsonl`, jsonl: trainingJsonl(model), exampleCount: model.trainingExamples.length };
}
