// What anyone may see of a twin before opening its chat: the server puts it into the page it sends
// for /chat/{tag} (the first paint before any script, and the link preview social apps show).
import { type Executor, talents } from '@doppel/db';
import { attachmentSrc, pictureSrc } from '@doppel/validation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { shareUrlOf } from '../../talent/links.ts';
import { staticMediaUrl } from '../messages/view.ts';

/** A welcome message's picture at the address the messenger loads it from (the blurred copy while locked). */
export type PreviewImage = { url: string; width: number; height: number; isUnlocked: boolean };

export type TwinPreview = {
  name: string;
  tag: string;
  /** An app path or absolute URL, as the messenger shows it. */
  pictureUrl: string | null;
  /** The welcome messages in order: their text and pictures (voice notes wait for the app). */
  welcome: Array<{ text: string; images: PreviewImage[] }>;
};

/** The twin with this tag (case-insensitive), or null. Public: no fan, no chat is created. */
export async function twinPreviewByTag(db: Executor, tag: string): Promise<TwinPreview | null> {
  const [talent] = await db
    .select({
      id: talents.id,
      name: talents.name,
      tag: talents.tag,
      picture: talents.profilePictureUrl,
      welcome: talents.initialChatMessages,
    })
    .from(talents)
    // A twin hidden from fans after a report (docs/safety.md) gets the plain page: the app says why.
    .where(and(sql`lower(${talents.tag}) = lower(${tag})`, isNull(talents.hiddenFromFansAt)))
    .limit(1);
  if (!talent?.tag) return null;
  return {
    name: talent.name,
    tag: talent.tag,
    pictureUrl: pictureSrc(talent.picture) ?? null,
    welcome: talent.welcome.map((message) => ({
      text: message.text,
      images: (message.attachments ?? []).flatMap((attachment, index) =>
        attachment.type === 'IMAGE'
          ? [
              {
                url: attachmentSrc(staticMediaUrl(talent.id, message.id, index), attachment.isUnlocked),
                width: attachment.dimensions.width,
                height: attachment.dimensions.height,
                isUnlocked: attachment.isUnlocked,
              },
            ]
          : [],
      ),
    })),
  };
}

/**
 * The name and share link of the creator's twin, for the first paint of their dashboard's home
 * (its "Share your AI twin" card), or null when the twin has no tag yet.
 */
export async function twinShareOf(db: Executor, talentId: string, publicUrl: string): Promise<TwinShare | null> {
  const [talent] = await db
    .select({ name: talents.name, tag: talents.tag })
    .from(talents)
    .where(eq(talents.id, talentId))
    .limit(1);
  return talent?.tag ? { name: talent.name, shareUrl: shareUrlOf(publicUrl, talent.tag) } : null;
}

export type TwinShare = { name: string; shareUrl: string };
