import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatDateTime, splitDuration, viewerTimeZone } from '../lib/format';

/**
 * Live countdown to the start (before it) or the end (while running), ticking every second on the
 * server's clock (offset measured when the hackathon was fetched), shown in the viewer's time zone.
 */
export function Countdown({
  startDate,
  endDate,
  clockOffsetMs,
}: {
  startDate: string;
  endDate: string;
  clockOffsetMs: number;
}) {
  const [now, setNow] = useState(() => Date.now() + clockOffsetMs);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now() + clockOffsetMs), 1000);
    return () => window.clearInterval(id);
  }, [clockOffsetMs]);
  const start = Date.parse(startDate);
  const end = Date.parse(endDate);
  const target = now < start ? start : now <= end ? end : null;
  const heading = now < start ? 'Starts in' : now <= end ? 'Ends in' : 'This hackathon has ended';
  const parts = target ? splitDuration(target - now) : null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="countdown">
      <Stack gap={6}>
        <Text fw={600}>{heading}</Text>
        {parts ? (
          <Group gap="sm" aria-live="off">
            {(
              [
                ['days', parts.d],
                ['hours', parts.h],
                ['minutes', parts.m],
                ['seconds', parts.s],
              ] as const
            ).map(([unit, value]) => (
              <Stack key={unit} gap={0} align="center" miw={52}>
                <Text fw={800} size="xl" ff="monospace">
                  {String(value).padStart(2, '0')}
                </Text>
                <Text size="xs" c="dimmed">
                  {unit}
                </Text>
              </Stack>
            ))}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {now < start ? `Starts ${formatDateTime(startDate)}` : `Ends ${formatDateTime(endDate)}`} · times in{' '}
          {viewerTimeZone()}
        </Text>
      </Stack>
    </Paper>
  );
}
