import type { Hackathon, HackathonSubmission } from '@agora/shared';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<string, string> = { pending: 'yellow', published: 'green', rejected: 'red' };

/** spec 03 §4: pending, published, rejected; any other value gets a neutral style. */
export function HackathonStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

const PHASE_LABELS: Record<string, [string, string]> = {
  open: ['Running', 'green'],
  upcoming: ['Upcoming', 'blue'],
  past: ['Ended', 'gray'],
};

export function PhaseBadge({ phase }: { phase: Hackathon['phase'] }) {
  if (!phase) return null;
  const [label, color] = PHASE_LABELS[phase]!;
  return (
    <Badge color={color} variant="filled">
      {label}
    </Badge>
  );
}

const SUBMISSION_COLORS: Record<string, string> = {
  winner: 'yellow',
  runner_up: 'grape',
  participant: 'blue',
};
const SUBMISSION_LABELS: Record<string, string> = {
  winner: 'Winner',
  runner_up: 'Runner-up',
  participant: 'Participant',
};

/** Submission status values winner, runner_up, participant; anything else neutral. */
export function SubmissionStatusBadge({ status }: { status: HackathonSubmission['status'] | string }) {
  return (
    <Badge color={SUBMISSION_COLORS[status] ?? 'gray'} variant="light">
      {SUBMISSION_LABELS[status] ?? status}
    </Badge>
  );
}
