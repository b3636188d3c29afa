import { notifications } from '@mantine/notifications';

/** The app's success toast: "Saved!" unless told otherwise (spec 8's success messages). */
export function notifySuccess(message = 'Saved!'): void {
  notifications.show({ color: 'teal', message, autoClose: 3_000 });
}
