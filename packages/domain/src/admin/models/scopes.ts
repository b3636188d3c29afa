import type { ChangeEvent } from '@doppel/db';

/** A model or its versions changed: the Models screens (and the talent's Model tab) refresh. */
export function modelChanged(modelId: string, talentId: string | null, entities: ReadonlyArray<string>): ChangeEvent[] {
  const scopes = talentId ? ['admin', `talent:${talentId}`] : ['admin'];
  return entities.map((entity) => ({ entity, rowId: modelId, scopes }));
}
