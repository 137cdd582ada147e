import { Notifications } from '@mantine/notifications';

/** The toast container, in its own chunk (see root-layout: mounted when the first toast is shown). */
export default function Toasts() {
  return <Notifications position="top-right" limit={4} />;
}
