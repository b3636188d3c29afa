// The twin reaching out to a fan on events (docs/reach-out.md): the rules, the words, the sending, the fan's switch and the creator's settings.
export {
  type ReachOutOccasion,
  type ReachOutWords,
  type ReachOutWriter,
  reachOutRequest,
  reachOutTemplate,
  writeReachOut,
} from './compose.ts';
export { type DueOccasion, findDueOccasions } from './due-occasions.ts';
export { type EvaluateOutcome, evaluateReachOuts, type ReachOutsSent, reachOutBatchSize } from './evaluate.ts';
export { cancelChatReminder, listChatReminders } from './fan-reminders.ts';
export { getChatReachOuts, setChatReachOuts } from './fan-switch.ts';
export { pushSentReachOut, queueReachOutPush, type ReachOutPush, type ReachOutPushJob } from './push.ts';
export {
  atLocalHour,
  detectReminder,
  type ReminderRequest,
  reminderConfirmation,
  reminderFor,
} from './reminders.ts';
export {
  checkInOccasion,
  crisisQuietDays,
  defaultFanTimeZone,
  endingNoticeDays,
  fanTimeZone,
  inQuietHours,
  isPassingReason,
  localHour,
  quietHours,
  type ReachOutFan,
  type ReachOutTwin,
  reachOutBlocked,
  reachOutDailyCap,
  reachOutWeeklyCap,
  type SkipReason,
  subscriptionEndingOccasion,
  subscriptionLapsedOccasion,
} from './rules.ts';
export { getReachOutSettings, reachOutStats, updateReachOutTrigger } from './settings.ts';
