import { imageExtensions, maxUploadBytes } from '@doppel/validation';

/** Accept list for the picture input: jpg, jpeg, png and webp (docs/product-rules.md#sign-in-waitlist-and-onboarding-fields). */
export const imageAccept = ['image/jpeg', 'image/png', 'image/webp', ...imageExtensions.map((ext) => `.${ext}`)].join(',');

/**
 * A first, friendly check of a chosen picture by its name and size. The server decides by the bytes;
 * this only spares an upload the browser can already tell is wrong.
 */
export function checkImageFile(file: { name: string; size: number }): string | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(imageExtensions as readonly string[]).includes(extension)) {
    return 'Please choose a JPG, JPEG, PNG or WEBP image';
  }
  if (file.size === 0) return 'The file is empty';
  if (file.size > maxUploadBytes) return `The file is larger than ${maxUploadBytes / 1024 / 1024} MB`;
  return null;
}

/** The bytes of a file as base64, the upload call's content format (docs/product-rules.md#calls). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result ?? '');
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The upload call's `file` (docs/product-rules.md#calls): a chosen file's name, type, size and base64 bytes. */
export type UploadFile = { name: string; type: string; size: number; content: string };

/** A chosen file as the upload call's `file`. */
export async function toUploadFile(file: File): Promise<UploadFile> {
  return { name: file.name, type: file.type, size: file.size, content: await readFileAsBase64(file) };
}
