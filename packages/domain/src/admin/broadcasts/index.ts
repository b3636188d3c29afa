// The admin back-office Broadcast section: the list, one broadcast, schedule and delete. The
// sending itself is the worker's (../../broadcasts).
export { broadcastNotFound, getAdminBroadcast, latestScheduledFirst, listAdminBroadcasts } from './broadcasts-read.ts';
export { deleteBroadcast, scheduleBroadcast } from './broadcasts-write.ts';
