import { describeJobAlert, type JobAlert } from '@agora/shared';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteJobAlert } from '../api/job-alert-mutations';
import { useJobAlerts } from '../api/get-job-alerts';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

const FREQUENCY_WORDS: Record<JobAlert['frequency'], string> = {
  instant: 'instant',
  daily: 'daily',
  weekly: 'weekly',
};

/** "Remote Engineering jobs matching 'react' — daily". */
export const alertLine = (a: JobAlert) => `${describeJobAlert(a)} — ${FREQUENCY_WORDS[a.frequency]}`;

/** The profile's saved job searches, each in words with Delete. */
export function JobAlertsCard() {
  const alerts = useJobAlerts();
  const remove = useDeleteJobAlert();

  return (
    <Card withBorder radius="lg" padding="xl" mt="xl" component="section" aria-labelledby="job-alerts-title">
      <Title order={2} size="h4" id="job-alerts-title" mb="sm">
        Job alerts
      </Title>
      {alerts.isPending ? (
        <Skeleton h={20} w="60%" />
      ) : alerts.isError ? (
        <Text c="red" size="sm">
          {errorMessage(alerts.error, 'Failed to load your job alerts')}
        </Text>
      ) : alerts.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No saved searches yet. Use “Save this search” on the{' '}
          <Anchor component={Link} to="/jobhubs">
            Jobs Hub
          </Anchor>{' '}
          to hear of new matching jobs.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} className={u.plainList}>
          {alerts.data.map((a) => (
            <Group key={a._id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">{alertLine(a)}</Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Delete alert: ${alertLine(a)}`}
                loading={remove.isPending && remove.variables === a._id}
                onClick={() =>
                  remove.mutate(a._id, {
                    onError: (err) => showError(err, 'Could not delete the alert'),
                  })
                }
              >
                Delete
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
