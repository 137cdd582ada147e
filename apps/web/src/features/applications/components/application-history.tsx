import { APPLICATION_STATUS_LABELS, type Application, shortDate } from '@agora/shared';
import { Stack, Text } from '@mantine/core';
import classes from './applications.module.css';

/** Every status the application went through, oldest first, with the poster's notes. */
export function ApplicationHistory({ history }: { history: Application['history'] }) {
  return (
    <Stack gap={4} component="ol" className={classes.history} aria-label="History">
      {history.map((h) => (
        <Stack component="li" key={`${h.at}-${h.status}`} gap={0}>
          <Text size="sm">
            <Text span fw={600}>
              {APPLICATION_STATUS_LABELS[h.status]}
            </Text>{' '}
            <Text span c="dimmed" size="xs">
              {shortDate(h.at)}
            </Text>
          </Text>
          {h.note ? (
            <Text size="sm" c="dimmed" className={classes.prose}>
              {h.note}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
