import { Badge } from '@mantine/core';
import { statusOf } from '../lib/format';

const COLORS = { open: 'green', answered: 'blue', closed: 'gray' } as const;
const LABELS = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

export function StatusBadge({ status }: { status: string }) {
  const s = statusOf(status);
  return (
    <Badge color={COLORS[s]} variant="light" size="sm">
      {LABELS[s]}
    </Badge>
  );
}
