// The admin talents list (docs/product-rules.md#admin-back-office): a name search in any case, sorted by chats (most first) or by
// creation (newest first), pages of 50 by keyset. Admin-only: the API's admin tier authorises.
import { type Executor, staticAttachments, talentConfigs, talents } from '@doppel/db';
import {
  type AdminTalentConsentFilter,
  type AdminTalentSort,
  type AdminTalentsListOutput,
  adminPageSize,
} from '@doppel/validation';
import { and, eq, ilike, isNull, sql } from 'drizzle-orm';
import { likeContains } from '../like-patterns.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/**
 * Chats reads talent_configs (index talent_configs_chat_count_id_idx), so it lists talents that
 * have a config row: every talent made by onboarding or by Create talent has one. Created At reads
 * talents (index talents_created_id_idx) and lists every talent.
 */
const talentSorts: Record<AdminTalentSort, KeysetSort> = {
  chats: { key: 'chats', column: talentConfigs.chatCount, kind: 'integer', direction: 'desc', id: talentConfigs.id },
  createdAt: { key: 'createdAt', column: talents.createdAt, kind: 'timestamp', direction: 'desc', id: talents.id },
};

const hasGalleryItems = sql<boolean>`exists (select 1 from ${staticAttachments} where ${staticAttachments.talentId} = ${talents.id})`;

export type ListAdminTalentsInput = {
  search: string;
  sort: AdminTalentSort;
  /** `missing`: twins without the creator's consent confirmation (docs/safety.md). */
  consent?: AdminTalentConsentFilter;
  cursor?: string | null | undefined;
};

/** `admin.talents.list`: one page of talents; `nextCursor` continues after it. */
export async function listAdminTalents(db: Executor, input: ListAdminTalentsInput): Promise<AdminTalentsListOutput> {
  const sort = talentSorts[input.sort];
  const search = input.search.trim();
  const columns = {
    id: talents.id,
    name: talents.name,
    tag: talents.tag,
    profilePictureUrl: talents.profilePictureUrl,
    createdAt: talents.createdAt,
    chatCount: sql<number>`coalesce(${talentConfigs.chatCount}, 0)`.mapWith(Number),
    hasGalleryItems,
    hasVoice: sql<boolean>`${talentConfigs.voice} is not null and ${talentConfigs.voice} <> 'null'::jsonb`,
    consentConfirmedAt: talents.consentConfirmedAt,
    sortValue: sortValueOf(sort),
  };
  const where = and(
    search ? ilike(talents.name, likeContains(search)) : undefined,
    input.consent === 'missing' ? isNull(talents.consentConfirmedAt) : undefined,
    afterCursor(sort, input.cursor),
  );
  const base =
    input.sort === 'chats'
      ? db.select(columns).from(talentConfigs).innerJoin(talents, eq(talents.id, talentConfigs.id))
      : db.select(columns).from(talents).leftJoin(talentConfigs, eq(talentConfigs.id, talents.id));
  const rows = await base
    .where(where)
    .orderBy(...keysetOrder(sort))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, sort, adminPageSize);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      name: row.name,
      tag: row.tag,
      profilePictureUrl: row.profilePictureUrl,
      createdAt: row.createdAt.toISOString(),
      chatCount: row.chatCount,
      hasGalleryItems: Boolean(row.hasGalleryItems),
      hasVoice: Boolean(row.hasVoice),
      consentConfirmedAt: row.consentConfirmedAt?.toISOString() ?? null,
    })),
    nextCursor: page.nextCursor,
  };
}
