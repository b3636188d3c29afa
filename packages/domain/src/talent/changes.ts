import { type Executor, recordChanges } from '@doppel/db';

/**
 * Records a change of a twin's settings for live readers: its managers' screens (`talent:{id}`)
 * and the admin views. The caller nudges the feed after the commit.
 */
export function recordTalentChange(
  tx: Executor,
  talentId: string,
  entities: ReadonlyArray<{ entity: 'talents' | 'talent_configs' | 'static_attachments'; rowId?: string }>,
): Promise<void> {
  return recordChanges(
    tx,
    entities.map(({ entity, rowId }) => ({ entity, rowId: rowId ?? talentId, scopes: [`talent:${talentId}`, 'admin'] })),
  );
}
