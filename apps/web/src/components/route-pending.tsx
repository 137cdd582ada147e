import { Center, Loader } from '@mantine/core';

/** The loading state shown while a route's code or data loads. */
export function RoutePending() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
