// "Download my data": the request (one at a time per person), the worker's production of the ZIP,
// the email with its link, and the owner-only download (docs/safety.md, Data rights).
import { dataExports, type Executor, users } from '@doppel/db';
import { and, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { DomainError } from '../errors.ts';
import type { FileStorage, Mailer } from '../ports/index.ts';
import { gatherExportContent } from './export-content.ts';

const day = 24 * 60 * 60 * 1000;
/** How long a ready ZIP may be downloaded; after that it is deleted and a new one can be asked for. */
export const dataExportLifetimeMs = 7 * day;
/** A request the job has not finished for this long no longer blocks a new one (the job gave up or was lost). */
const stuckAfterMs = day;

export type DataExportStatus = 'REQUESTED' | 'READY' | 'EXPIRED' | 'FAILED';
export type DataExportView = { id: string; status: DataExportStatus; requestedAt: Date; expiresAt: Date | null };

/** The download route of an export: signed-in owner only (apps/api/src/http/data-export.ts). */
export const dataExportDownloadPath = (exportId: string) => `/account/data-exports/${exportId}/download`;

type ExportRow = typeof dataExports.$inferSelect;

function statusOf(row: ExportRow, now: Date): DataExportStatus {
  if (row.status === 'READY' && row.expiresAt && row.expiresAt <= now) return 'EXPIRED';
  return row.status;
}

function view(row: ExportRow, now: Date): DataExportView {
  return { id: row.id, status: statusOf(row, now), requestedAt: row.createdAt, expiresAt: row.expiresAt };
}

/** The person's export requests, newest first (the five latest). */
export async function listDataExports(db: Executor, userId: string, now = new Date()): Promise<DataExportView[]> {
  const rows = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map((row) => view(row, now));
}

/**
 * Records a request; the caller enqueues the `account.export` job in the same transaction. A
 * second request while one is being made or is ready to download is refused: it would only make
 * the same file again.
 */
export async function requestDataExport(tx: Executor, userId: string, now = new Date()): Promise<DataExportView> {
  // Two clicks at once queue on the person's row, so the second sees the first request.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const open = await tx
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['REQUESTED', 'READY'])));
  for (const row of open) {
    const status = statusOf(row, now);
    if (status === 'READY')
      throw new DomainError('CONFLICT', 'Your data is ready: download it from the link in your email or below.');
    if (status === 'REQUESTED' && now.getTime() - row.createdAt.getTime() < stuckAfterMs)
      throw new DomainError('CONFLICT', 'Your data is being prepared; we will email you when it is ready.');
  }
  const [row] = await tx.insert(dataExports).values({ userId, createdAt: now }).returning();
  if (!row) throw new Error('data export not inserted');
  return view(row, now);
}

export type ProduceDataExportDeps = { storage: FileStorage; mailer: Mailer; publicUrl: string; now?: Date };

/**
 * The worker's part: gathers the person's data, writes the ZIP to storage, marks it ready and
 * emails the link. Idempotent: a ready, failed or vanished request is left alone, and a retry after
 * a crash simply writes the same path again.
 */
export async function produceDataExport(
  db: Executor,
  exportId: string,
  deps: ProduceDataExportDeps,
): Promise<{ status: 'READY' | 'SKIPPED'; bytes: number }> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.status !== 'REQUESTED') return { status: 'SKIPPED', bytes: 0 };
  const content = await gatherExportContent(db, row.userId);
  const entries: Record<string, Uint8Array> = {};
  for (const [name, value] of Object.entries(content.documents)) entries[name] = strToU8(JSON.stringify(value, null, 2));
  for (const [name, path] of Object.entries(content.files)) {
    const file = await deps.storage.read(path);
    if (file) entries[name] = new Uint8Array(file.bytes);
  }
  entries['README.txt'] = strToU8(readme);
  const zip = zipSync(entries, { level: 6 });
  const filePath = `exports/${row.userId}/${row.id}.zip`;
  await deps.storage.put(filePath, zip, 'application/zip');
  const now = deps.now ?? new Date();
  const expiresAt = new Date(now.getTime() + dataExportLifetimeMs);
  const [ready] = await db
    .update(dataExports)
    .set({ status: 'READY', filePath, readyAt: now, expiresAt })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'REQUESTED')))
    .returning({ id: dataExports.id });
  if (!ready) return { status: 'SKIPPED', bytes: 0 };
  const email = await ownerEmail(db, row.userId);
  if (email) await deps.mailer.send(dataExportEmail(email, `${deps.publicUrl}${dataExportDownloadPath(row.id)}`, expiresAt));
  return { status: 'READY', bytes: zip.byteLength };
}

/** Marks a request the job gave up on, so the person sees it failed and may ask again. */
export async function failDataExport(db: Executor, exportId: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'FAILED' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'REQUESTED')));
}

/**
 * The storage path of a ready, unexpired export of `userId`; NOT_FOUND for anyone else's, an
 * unknown id, or one not ready, so the answer never tells a stranger that an export exists.
 */
export async function dataExportFileFor(db: Executor, userId: string, exportId: string, now = new Date()): Promise<string> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row?.filePath || statusOf(row, now) !== 'READY')
    throw new DomainError('NOT_FOUND', 'This download does not exist or has expired.');
  return row.filePath;
}

/**
 * Deletes the files of exports past their expiry (the `account.exports-expire` job); the rows stay,
 * shown as expired. Idempotent: a file already gone is no error, and a cleared row is not read again.
 */
export async function removeExpiredDataExports(db: Executor, storage: FileStorage, now = new Date()): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, filePath: dataExports.filePath })
    .from(dataExports)
    .where(and(isNotNull(dataExports.filePath), lte(dataExports.expiresAt, now)))
    .limit(500);
  for (const row of expired) {
    if (row.filePath) await storage.remove(row.filePath);
    await db.update(dataExports).set({ filePath: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}

async function ownerEmail(db: Executor, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

function dataExportEmail(to: string, link: string, expiresAt: Date) {
  const until = expiresAt.toUTCString();
  return {
    to,
    subject: 'Your Doppel data is ready',
    text: `The copy of your data you asked for is ready. Sign in and download it here until ${until}:\n\n${link}\n\nIf you did not ask for it, sign in and check your account.`,
    link,
  };
}

const readme = `Your Doppel data
account.json    your account
chats.json      your chats, with every message
memories.json   what twins remember about you
purchases.json  your payments and subscriptions
twins/<id>/     for each twin you run: settings, knowledge (facts, FAQ, examples), earnings, payouts and your files
`;
