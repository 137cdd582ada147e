import { type Hackathon, MSG } from '@agora/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { useLeaveHackathon } from '../api/registration';
import { formatDateTime } from '../lib/format';

/**
 * What the hackathon page tells this viewer beside the countdown: its review state (organiser and
 * admins), and for everyone else whether and how they can join, or leave, and until when.
 */
export function DetailNotices({
  hackathon: h,
  canManage,
  beforeStart,
}: {
  hackathon: Hackathon;
  canManage: boolean;
  beforeStart: boolean;
}) {
  const { isLoggedIn } = useAuth();
  const leave = useLeaveHackathon();
  const notices: ReactNode[] = [];
  if (h.status === 'pending' && canManage) {
    notices.push(
      <Alert key="pending" color="yellow" title="Awaiting review">
        The admin team reviews new hackathons within 24-48 hours. You will receive an email once it is
        reviewed.
      </Alert>,
    );
  }
  if (h.status === 'rejected' && canManage) {
    notices.push(
      <Alert key="rejected" color="red" title="Not approved">
        {h.rejectionReason ?? 'This hackathon was not approved.'}
      </Alert>,
    );
  }
  if (h.isOrganizer) {
    notices.push(
      <Alert key="organizer" color="blue" icon={<IconUser size={18} />} title="You are the organizer">
        {h.participantCount} {h.participantCount === 1 ? 'participant has' : 'participants have'} registered.
      </Alert>,
    );
  } else {
    if (h.phase === 'open' && !h.isRegistered) {
      notices.push(
        <Alert key="running" color="orange" icon={<IconInfoCircle size={18} />}>
          {MSG.hackathonRunningNotice}
        </Alert>,
      );
    }
    if (!isLoggedIn && h.status === 'published') {
      notices.push(
        <Alert key="login" color="gray" icon={<IconLock size={18} />} title="Login required">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Log in to join this hackathon and submit a project.</Text>
            <Button
              size="xs"
              component={Link}
              to="/login"
              onClick={() => setRedirectAfterLogin(`/hackathon/${h._id}`)}
            >
              Log In to Join
            </Button>
          </Stack>
        </Alert>,
      );
    }
    if (isLoggedIn && !h.isRegistered && h.registrationOpen) {
      notices.push(
        <Alert key="join" color="green" title="Join this hackathon">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Registration is open. Join from the hackathons list.</Text>
            <Button size="xs" component={Link} to="/hackathons?tab=upcoming">
              Join Now
            </Button>
          </Stack>
        </Alert>,
      );
    }
    if (h.isRegistered) {
      notices.push(
        <Alert key="registered" color="green" icon={<IconCircleCheck size={18} />} title="You are registered">
          {h.registrationOpen ? (
            <Button
              mt={4}
              size="xs"
              variant="outline"
              color="red"
              loading={leave.isPending}
              onClick={() => leave.mutate(h._id)}
            >
              Unregister
            </Button>
          ) : h.phase !== 'past' ? (
            <Text size="sm">{MSG.unregisterClosed}</Text>
          ) : null}
        </Alert>,
      );
    } else if (h.status === 'published' && !h.registrationOpen && h.phase !== 'past') {
      notices.push(
        <Alert key="closed" color="gray" icon={<IconLock size={18} />}>
          {MSG.registrationClosed}
        </Alert>,
      );
    }
  }
  if (beforeStart && h.registrationOpen) {
    notices.push(
      <Text key="closes" size="sm" c="dimmed">
        Registration closes {formatDateTime(h.registrationDeadline)}
      </Text>,
    );
  }
  return <>{notices}</>;
}
