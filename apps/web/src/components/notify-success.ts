import { notifications } from '@mantine/notifications';

/** The app's success toast: "Saved!" unless told otherwise (the success messages of docs/product-rules.md#errors-and-success-messages). */
export function notifySuccess(message = 'Saved!'): void {
  notifications.show({ color: 'teal', message, autoClose: 3_000 });
}
