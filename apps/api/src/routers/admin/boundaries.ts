// Admins' view of the twins' boundaries: a twin's settings (read-only here; the creator sets them),
// the flagged messages of every twin or one, and which messages of a chat were refused (the
// chat view's badge).
import { flaggedMessageIds, getBoundarySettings, listBoundaryFlags } from '@doppel/domain/chat';
import { adminBoundaryFlagsInput, boundaryFlagsOutput, boundarySettingsOutput } from '@doppel/validation';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/procedures.ts';

const idInput = (label: string) => z.string().trim().min(1, `${label} is not defined`).max(100);

export const adminBoundariesRouter = router({
  settings: adminProcedure
    .input(z.object({ talentId: idInput('Talent ID') }))
    .output(boundarySettingsOutput)
    .query(({ ctx, input }) => getBoundarySettings(ctx.db, input.talentId)),

  flags: adminProcedure
    .input(adminBoundaryFlagsInput)
    .output(boundaryFlagsOutput)
    .query(({ ctx, input }) => listBoundaryFlags(ctx.db, input)),

  chatFlags: adminProcedure
    .input(z.object({ chatId: idInput('Chat ID') }))
    .output(z.object({ flags: z.array(z.object({ messageId: z.string(), side: z.string(), reason: z.string() })) }))
    .query(async ({ ctx, input }) => {
      const flags = await flaggedMessageIds(ctx.db, input.chatId);
      return { flags: [...flags].map(([messageId, flag]) => ({ messageId, ...flag })) };
    }),
});
