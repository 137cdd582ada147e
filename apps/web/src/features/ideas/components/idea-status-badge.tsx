import { IDEA_STATUS_LABELS, type IdeaStatus } from '@agora/shared';
import { Badge } from '@mantine/core';

const COLORS: Record<IdeaStatus, string> = {
  new: 'blue',
  'under-review': 'yellow',
  prototyping: 'grape',
  launched: 'teal',
  declined: 'gray',
  merged: 'gray',
};

/** Where an idea stands, as a small badge (cards, the idea page, the timeline). */
export function IdeaStatusBadge({ status, size = 'sm' }: { status: IdeaStatus; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge color={COLORS[status]} variant="dot" size={size} tt="none" data-testid="idea-status">
      {IDEA_STATUS_LABELS[status]}
    </Badge>
  );
}
