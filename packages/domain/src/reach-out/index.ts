// The twin reaching out to a fan on events (docs/reach-out.md): the pure rules and the fan's switch.
export { type EvaluateOutcome, evaluateReachOuts, type ReachOutPush, reachOutTemplate } from './evaluate.ts';
export { getChatReachOuts, setChatReachOuts } from './fan-switch.ts';
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
