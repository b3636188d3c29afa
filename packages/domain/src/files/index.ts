// Uploaded files: content sniffing, the upload use case and who may see a file.
export { contentTypes, type SniffedFileType, sniffFileType } from './sniff.ts';
export { uploadFile, uploadMessages } from './upload.ts';
export { fileUrl, isPublicStoragePath, lockedGalleryKind } from './visibility.ts';
