// Addresses of the pictures and media the messenger and the admin chat view show: one rule for the
// web and the server's first paint of a chat (apps/api/src/http/page-shell.ts).
export { attachmentSrc, pictureSrc } from '@doppel/validation';
