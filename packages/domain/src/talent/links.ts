/** The fan messenger link a creator shares (docs/product-rules.md#creator-dashboard "share link"). */
export const shareUrlOf = (publicUrl: string, tag: string | null): string => `${publicUrl.replace(/\/$/, '')}/chat/${tag ?? ''}`;

/** The "Invite and Earn" link: a creator who signs up through it is referred by this twin. */
export const referralUrlOf = (publicUrl: string, tag: string | null): string => `${publicUrl.replace(/\/$/, '')}/r/${tag ?? ''}`;
