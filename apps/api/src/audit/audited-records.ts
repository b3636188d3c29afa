// How the audit reads each kind of record an admin mutation changes: the same view the admin's
// detail page shows, so the History card speaks the page's field names. A record the read cannot
// find (before a create, after a delete) is null.
import type { Transaction } from '@doppel/db';
import { getAdminAppSettings } from '@doppel/domain/admin/app';
import type { AuditSnapshot } from '@doppel/domain/admin/audit';
import { getAdminBroadcast } from '@doppel/domain/admin/broadcasts';
import { getDiscoverEntry } from '@doppel/domain/admin/discover';
import { getAdminFaq } from '@doppel/domain/admin/faqs';
import { listTalentManagers } from '@doppel/domain/admin/managers';
import { getAdminModel } from '@doppel/domain/admin/models';
import { getAdminPayout } from '@doppel/domain/admin/payouts';
import { getAdminReport } from '@doppel/domain/admin/reports';
import { getAdminTalent } from '@doppel/domain/admin/talents';
import { getAdminUser } from '@doppel/domain/admin/users';
import { getCrisisSettings, listChatMemories } from '@doppel/domain/chat';
import { DomainError } from '@doppel/domain/errors';
import { readTalentQualityForAudit } from '@doppel/domain/quality';
import type { AdminAuditEntity, Me } from '@doppel/validation';
import type { Services } from '../trpc/context.ts';
import type { AuditedRecordKind } from '../trpc/init.ts';

/** What a read may use: the services (model settings, PayPal) and the admin making the change. */
export type AuditReadContext = Pick<Services, 'modelSettings' | 'payouts'> & { user: Me };

type AuditedRecord = {
  entity: AdminAuditEntity;
  /** For a record there is one of (the App settings): its id, whatever the input says. */
  singletonId?: string;
  read: (ctx: AuditReadContext, tx: Transaction, id: string) => Promise<AuditSnapshot>;
};

/** The App page's record: its settings and its Crisis protocol card share one History. */
const appSingletonId = 'app';

export const auditedRecords: Record<AuditedRecordKind, AuditedRecord> = {
  app: { entity: 'app', singletonId: appSingletonId, read: (_ctx, tx) => getAdminAppSettings(tx) },
  // Prefixed so its fields read apart from the App settings' in the shared History.
  crisisSettings: {
    entity: 'app',
    singletonId: appSingletonId,
    read: async (_ctx, tx) => ({ crisisProtocol: await getCrisisSettings(tx) }),
  },
  talent: { entity: 'talent', read: (_ctx, tx, id) => getAdminTalent(tx, id) },
  // The Managers tab belongs to the talent: its changes show in the talent's History.
  talentManagers: { entity: 'talent', read: async (_ctx, tx, id) => ({ managers: await listTalentManagers(tx, id) }) },
  // The Quality tab belongs to the talent: its check set and the checks an admin starts show in the talent's History.
  talentQuality: { entity: 'talent', read: (_ctx, tx, id) => readTalentQualityForAudit(tx, id) },
  user: { entity: 'user', read: (_ctx, tx, id) => getAdminUser(tx, id) },
  faq: { entity: 'faq', read: (_ctx, tx, id) => getAdminFaq(tx, id) },
  model: { entity: 'model', read: (ctx, tx, id) => getAdminModel(tx, id, ctx.modelSettings) },
  payout: {
    entity: 'payout',
    read: (ctx, tx, id) => getAdminPayout(tx, id, { payPalConfigured: ctx.payouts.payPal !== null }),
  },
  report: { entity: 'report', read: (_ctx, tx, id) => getAdminReport(tx, id) },
  broadcast: { entity: 'broadcast', read: (_ctx, tx, id) => getAdminBroadcast(tx, id) },
  discover: { entity: 'discover', read: (_ctx, tx, id) => getDiscoverEntry(tx, id) },
  // The fan memory panel of the admin chat view: its changes show in the chat's History.
  chatMemories: {
    entity: 'chat',
    read: async (ctx, tx, id) => {
      const { memories } = await listChatMemories(tx, ctx.user, id, { as: 'admin' });
      return { memories: Object.fromEntries(memories.map((memory) => [memory.id, memory.text])) };
    },
  },
};

/** Reads the record, null when it does not exist (yet, or any more). */
export async function readAudited(
  kind: AuditedRecordKind,
  ctx: AuditReadContext,
  tx: Transaction,
  id: string,
): Promise<AuditSnapshot> {
  try {
    return await auditedRecords[kind].read(ctx, tx, id);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
