// The admin Discover section: entries featuring a twin on the discover surfaces, in order. An
// entry's id is its talent's id (one entry per twin). Admin-only: the API's admin tier checks.
import { type Executor, publicTalents, recordChanges, talents } from '@doppel/db';
import {
  adminPageSize,
  type CreateDiscoverEntryInput,
  type DiscoverEntryView,
  discoverSurfaces,
  type UpdateDiscoverEntryInput,
} from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import { assertConsentForPublishing } from '../../reports/consent.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/** Lowest order first, as the discover feed shows them; index public_talents_order_id_idx. */
const byOrder: KeysetSort = {
  key: 'order',
  column: publicTalents.order,
  kind: 'integer',
  direction: 'asc',
  id: publicTalents.id,
};

const entryColumns = {
  id: publicTalents.id,
  name: publicTalents.name,
  order: publicTalents.order,
  isVisibleRecord: publicTalents.isVisibleRecord,
  createdAt: publicTalents.createdAt,
  updatedAt: publicTalents.updatedAt,
  talentName: talents.name,
  talentTag: talents.tag,
  talentPicture: talents.profilePictureUrl,
};

type EntryRow = {
  id: string;
  name: string;
  order: number;
  isVisibleRecord: Partial<Record<(typeof discoverSurfaces)[number], boolean>>;
  createdAt: Date;
  updatedAt: Date;
  talentName: string;
  talentTag: string | null;
  talentPicture: string | null;
};

function toView(row: EntryRow): DiscoverEntryView {
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    // Every surface answered, so a surface added later reads as hidden rather than missing.
    isVisibleRecord: Object.fromEntries(
      discoverSurfaces.map((surface) => [surface, row.isVisibleRecord[surface] === true]),
    ) as DiscoverEntryView['isVisibleRecord'],
    talent: { name: row.talentName, tag: row.talentTag, profilePictureUrl: row.talentPicture },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Discover entries are shown to every visitor (the public page) and in the admin list. */
function discoverChanged(tx: Executor, id: string): Promise<void> {
  return recordChanges(tx, [{ entity: 'public_talents', rowId: id, scopes: ['admin', 'app'] }]);
}

/** `admin.discover.list`: entries by order, 50 a page. */
export async function listDiscoverEntries(
  db: Executor,
  input: { cursor?: string | null | undefined },
): Promise<{ items: DiscoverEntryView[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...entryColumns, sortValue: sortValueOf(byOrder) })
    .from(publicTalents)
    .innerJoin(talents, eq(talents.id, publicTalents.id))
    .where(afterCursor(byOrder, input.cursor))
    .orderBy(...keysetOrder(byOrder))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, byOrder, adminPageSize);
  return { items: page.rows.map(toView), nextCursor: page.nextCursor };
}

/** `admin.discover.get`; NOT_FOUND when the twin has no entry. */
export async function getDiscoverEntry(db: Executor, id: string): Promise<DiscoverEntryView> {
  const [row] = await db
    .select(entryColumns)
    .from(publicTalents)
    .innerJoin(talents, eq(talents.id, publicTalents.id))
    .where(eq(publicTalents.id, id))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND', 'This discover entry does not exist.');
  return toView(row);
}

const talentIdError = (message: string) => ({ talentId: [message] });

/**
 * `admin.discover.create` (docs/product-rules.md#calls "Create public talent"): a hidden entry named after the twin,
 * placed after the last one. A twin already featured is a CONFLICT on the field.
 */
export async function createDiscoverEntry(tx: Executor, input: CreateDiscoverEntryInput): Promise<{ id: string }> {
  const [talent] = await tx.select({ id: talents.id, name: talents.name }).from(talents).where(eq(talents.id, input.talentId));
  if (!talent)
    throw new DomainError('NOT_FOUND', 'There is no talent with this ID.', talentIdError('There is no talent with this ID.'));
  const [last] = await tx.select({ order: sql<number>`coalesce(max(${publicTalents.order}), 0)::integer` }).from(publicTalents);
  const [created] = await tx
    .insert(publicTalents)
    .values({ id: talent.id, name: talent.name, order: (last?.order ?? 0) + 1, isVisibleRecord: {} })
    .onConflictDoNothing()
    .returning({ id: publicTalents.id });
  if (!created) {
    const message = 'This talent is already on Discover.';
    throw new DomainError('CONFLICT', message, talentIdError(message));
  }
  await discoverChanged(tx, created.id);
  return created;
}

/** `admin.discover.update` (docs/product-rules.md#calls "Update public talent"): name, order and visibility. */
export async function updateDiscoverEntry(tx: Executor, input: UpdateDiscoverEntryInput): Promise<DiscoverEntryView> {
  // Showing a twin on any surface publishes it: not without its creator's consent (docs/safety.md).
  if (Object.values(input.isVisibleRecord).some((visible) => visible === true)) await assertConsentForPublishing(tx, input.id);
  const [updated] = await tx
    .update(publicTalents)
    .set({ name: input.name, order: input.order, isVisibleRecord: input.isVisibleRecord, updatedAt: new Date() })
    .where(eq(publicTalents.id, input.id))
    .returning({ id: publicTalents.id });
  if (!updated) throw new DomainError('NOT_FOUND', 'This discover entry does not exist.');
  await discoverChanged(tx, updated.id);
  return getDiscoverEntry(tx, updated.id);
}

/** `admin.discover.delete`: takes the twin off every surface; its talent stays. */
export async function deleteDiscoverEntry(tx: Executor, id: string): Promise<void> {
  const [deleted] = await tx.delete(publicTalents).where(eq(publicTalents.id, id)).returning({ id: publicTalents.id });
  if (!deleted) throw new DomainError('NOT_FOUND', 'This discover entry does not exist.');
  await discoverChanged(tx, deleted.id);
}
