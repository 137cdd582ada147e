import { describeJobAlert, JOB_ALERT_FREQUENCIES, type JobAlertFrequency } from '@agora/shared';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useSaveJobAlert } from '../api/job-alert-mutations';
import { alertBodyOf, type ListingFilters } from '../lib/alert-body';

export const FREQUENCY_LABELS: Record<JobAlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily',
  weekly: 'Weekly',
};

const FREQUENCY_HINTS: Record<JobAlertFrequency, string> = {
  instant: 'An e-mail as soon as a matching job is listed.',
  daily: 'One e-mail a day with the new matching jobs, only when there are some.',
  weekly: 'One e-mail a week with the new matching jobs, only when there are some.',
};

export const SAVED_MESSAGE = 'Search saved. You can manage your job alerts on your profile.';

/** The popover's form: the search in words, how often to hear of it, Save. */
export function SaveSearchForm({ filters, onDone }: { filters: ListingFilters; onDone: () => void }) {
  const [frequency, setFrequency] = useState<JobAlertFrequency>('daily');
  const save = useSaveJobAlert();
  const body = alertBodyOf(filters, frequency);

  return (
    <Stack gap="sm">
      <Text size="sm">
        Alert me about <strong>{describeJobAlert(body)}</strong>
      </Text>
      <SegmentedControl
        fullWidth
        aria-label="How often"
        value={frequency}
        onChange={(v) => setFrequency(v as JobAlertFrequency)}
        data={JOB_ALERT_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
      />
      <Text size="xs" c="dimmed">
        {FREQUENCY_HINTS[frequency]} Every e-mail has a one-click unsubscribe link.
      </Text>
      {save.isError ? (
        <Alert color="red" p="xs">
          {errorMessage(save.error, 'Could not save this search. Please try again.')}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
        <Button
          size="xs"
          loading={save.isPending}
          onClick={() =>
            save.mutate(body, {
              onSuccess: () => {
                notifications.show({ color: 'green', title: 'Job alert saved', message: SAVED_MESSAGE });
                onDone();
              },
            })
          }
        >
          Save alert
        </Button>
      </Group>
    </Stack>
  );
}
