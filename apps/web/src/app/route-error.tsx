import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { cssVariablesResolver, makeTheme } from './theme';

function errorDetail(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  const message = (error as Error | undefined)?.message;
  // A chunk of an older build is gone after a deploy: a reload fetches the new one.
  if (message && /dynamically imported module|Importing a module script failed/i.test(message)) {
    return 'A newer version of Agora is available. Reload the page to continue.';
  }
  return message;
}

/**
 * spec 01 §8, equal to MSG.unexpectedError (asserted by route-error.test.tsx). Spelled out here
 * because importing MSG would put every message of the product into the entry chunk (~3.5 KB gz).
 */
export const UNEXPECTED_ERROR = 'Unexpected Application Error!';

/** The router's error screen (spec 01 §8: 'Unexpected Application Error!'), with a way home. */
export function RouteError() {
  const error = useRouteError();
  const detail = errorDetail(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1} size="h2">
          {UNEXPECTED_ERROR}
        </Title>
        {detail ? (
          <Text c="dimmed" ta="center" size="sm">
            {detail}
          </Text>
        ) : null}
        <Stack gap="xs" align="center">
          <Button component="a" href="/">
            Go to the home page
          </Button>
          <Button variant="subtle" onClick={() => window.location.reload()}>
            Reload this page
          </Button>
        </Stack>
      </Stack>
    </Center>
  );
}

const rootTheme = makeTheme('blue');

/** The same screen when the shell itself failed: it brings its own theme provider. */
export function RootRouteError() {
  return (
    <MantineProvider theme={rootTheme} cssVariablesResolver={cssVariablesResolver}>
      <main>
        <RouteError />
      </main>
    </MantineProvider>
  );
}
