// The signed-in person as the app sees them (`auth.me`).
export { getMe, meColumns } from './me.ts';
