// Which stored files anyone may fetch, and the one address every stored file is shown under.
//
// Public: profile pictures, the blurred locked copies of gallery images, voice samples, and the
// admins' public content. Private: gallery originals and voice notes: what fans pay to unlock.
// Private files are served only by access-checked routes (/media/…), so knowing or guessing a
// path grants nothing.

const publicTalentKinds: ReadonlySet<string> = new Set(['profile-picture', 'gallery-locked', 'voice-sample']);

/** The folder a gallery image's locked (blurred) copy goes to. */
export const lockedGalleryKind = 'gallery-locked';

/** True when the path may be served to anyone by GET /files/…. */
export function isPublicStoragePath(path: string): boolean {
  const [owner, ownerId, kind] = path.split('/');
  if (owner === 'public') return true;
  return owner === 'talents' && ownerId !== undefined && kind !== undefined && publicTalentKinds.has(kind);
}

/**
 * The address a stored file is shown under: /files/… for public files; for a talent's private
 * files the manager-and-admin route /media/talents/{talentId}/… (fans reach unlocked originals
 * through the message routes instead).
 */
export function fileUrl(filePath: string): string {
  if (isPublicStoragePath(filePath)) return `/files/${filePath}`;
  const [owner, talentId, ...rest] = filePath.split('/');
  if (owner === 'talents' && talentId) return `/media/talents/${talentId}/${rest.join('/')}`;
  return `/files/${filePath}`;
}
