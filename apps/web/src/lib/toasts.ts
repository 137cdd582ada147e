import { type NotificationData, notifications } from '@mantine/notifications';
import { errorMessage } from './api-client';

/**
 * The one way the web shows an error toast: every red toast comes from here, so a failure looks
 * and reads the same wherever it happens.
 */
export function showErrorToast(data: Omit<NotificationData, 'color'>): string {
  return notifications.show({ ...data, color: 'red' });
}

/**
 * A failed request told in a toast: the server's (or the connection's) message when there is one,
 * `fallback` otherwise, under `title` when given.
 */
export function showError(err: unknown, fallback: string, title?: string): string {
  const message = errorMessage(err, fallback);
  return showErrorToast(title === undefined ? { message } : { title, message });
}
