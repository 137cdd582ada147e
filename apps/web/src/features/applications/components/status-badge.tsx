import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@agora/shared';
import { Badge } from '@mantine/core';
import { STATUS_COLORS } from '../lib/apply-rules';

/** An application's status as a badge, in the words the seeker and the poster both read. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="application-status">
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
