// The admin back-office Broadcast section: the list, one broadcast, schedule and delete. The
// sending itself is the worker's (../../broadcasts).
export * from './broadcasts-read.ts';
export * from './broadcasts-write.ts';
