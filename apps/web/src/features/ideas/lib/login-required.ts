import { MSG } from '@agora/shared';
import { notifications } from '@mantine/notifications';

/** spec 02 §5: like, comment, share, follow, hide and delete need a signed-in user. */
export function notifyLoginRequired(action: string) {
  notifications.show({ color: 'yellow', title: MSG.loginRequired, message: `Please login to ${action}` });
}
