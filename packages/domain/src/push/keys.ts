// The server's VAPID key pair: made on first use and kept in web_push_keys, because every browser
// subscription is bound to the public key it was made with; a new pair would orphan them all.
import { type Executor, webPushKeys } from '@doppel/db';
import { eq } from 'drizzle-orm';
import type { VapidKeys, WebPushPort } from '../ports/web-push.ts';

const keyRowId = 'default';

async function readKeys(db: Executor): Promise<VapidKeys | undefined> {
  const [row] = await db
    .select({ publicKey: webPushKeys.publicKey, privateKey: webPushKeys.privateKey })
    .from(webPushKeys)
    .where(eq(webPushKeys.id, keyRowId));
  return row;
}

/**
 * The VAPID keys, generated and stored the first time they are needed. Safe when several API and
 * worker processes start at once: the first insert wins and everyone reads the winner's pair.
 */
export async function ensureWebPushKeys(db: Executor, push: Pick<WebPushPort, 'generateKeys'>): Promise<VapidKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  await db
    .insert(webPushKeys)
    .values({ id: keyRowId, ...push.generateKeys() })
    .onConflictDoNothing({ target: webPushKeys.id });
  const stored = await readKeys(db);
  if (!stored) throw new Error('The web push keys were neither found nor stored');
  return stored;
}
