import { dashboardTasks, type NextTask } from '@doppel/validation';

export type TaskLadderState = { staticAttachmentCount: number; hasVoice: boolean; conversationStarterCount: number };
export type TaskProgress = { done: number; total: number; nextTask: NextTask };

/**
 * "Power up your AI twin" (docs/product-rules.md#task-ladder): upload images (no gallery image yet), set a voice (none
 * chosen), define conversation starters (none), then complete. The next task is the first one
 * not done, in that order; `done` counts every task already done, so a creator who set a voice
 * before uploading images sees 1 of 3 with "upload images" next.
 */
export function taskProgress(state: TaskLadderState): TaskProgress {
  const done: Record<(typeof dashboardTasks)[number], boolean> = {
    UPLOAD_IMAGES: state.staticAttachmentCount > 0,
    SET_VOICE: state.hasVoice,
    DEFINE_CONVERSATION_STARTERS: state.conversationStarterCount > 0,
  };
  return {
    done: dashboardTasks.filter((task) => done[task]).length,
    total: dashboardTasks.length,
    nextTask: dashboardTasks.find((task) => !done[task]) ?? 'COMPLETE',
  };
}
