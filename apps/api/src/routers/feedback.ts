import { createFeedbackToken } from '@doppel/domain/talent';
import { feedbackTokenOutput } from '@doppel/validation';
import { authedProcedure, router } from '../trpc/procedures.ts';

export const feedbackRouter = router({
  /** docs/product-rules.md#calls "Get feedback-board token": a signed token for the embedded board (creators only). */
  token: authedProcedure
    .output(feedbackTokenOutput)
    .query(({ ctx }) =>
      createFeedbackToken({ url: ctx.env.FEEDBACK_BOARD_URL, secret: ctx.env.FEEDBACK_BOARD_SECRET }, ctx.user),
    ),
});
