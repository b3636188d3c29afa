// "Download my data" and "Delete my account" (docs/safety.md, Data rights).
import { z } from 'zod';

export const dataExportStatuses = ['REQUESTED', 'READY', 'EXPIRED', 'FAILED'] as const;

export const dataExportOutput = z.object({
  id: z.string(),
  status: z.enum(dataExportStatuses),
  requestedAt: z.date(),
  expiresAt: z.date().nullable(),
  /** The owner-only download route, while READY. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportOutput>;

export const dataExportsOutput = z.object({ exports: z.array(dataExportOutput) });

/** The word a person types to confirm the deletion; the server checks it too. */
export const deleteAccountConfirmationWord = 'DELETE';

export const deleteAccountInput = z.strictObject({
  confirmation: z
    .string()
    .trim()
    .refine((value) => value === deleteAccountConfirmationWord, `Type ${deleteAccountConfirmationWord} to confirm`),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

export const deleteAccountOutput = z.object({ deleted: z.literal(true) });
