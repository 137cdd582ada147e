import {
  APPLICATION_LIMITS,
  APPLICATION_STATUS_LABELS,
  type Application,
  POSTER_APPLICATION_STATUSES,
} from '@agora/shared';
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateApplication } from '../api/update-application';

const OPTIONS = POSTER_APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }));

/** The poster moves an application along, with an optional note the applicant reads with the change. */
export function StatusChangeForm({ application: a }: { application: Application }) {
  const update = useUpdateApplication();
  const form = useForm<{ status: string | null; note: string }>({
    initialValues: { status: null, note: '' },
    validate: {
      status: (v) => (v ? null : 'Choose the new status'),
      note: (v) =>
        v.trim().length > APPLICATION_LIMITS.note ? `At most ${APPLICATION_LIMITS.note} characters` : null,
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const status = v.status as (typeof POSTER_APPLICATION_STATUSES)[number];
        const note = v.note.trim();
        update.mutate(
          { id: a._id, body: { status, ...(note ? { note } : {}) } },
          {
            onSuccess: () => {
              form.reset();
              notifications.show({
                color: 'green',
                title: 'Status changed',
                message: `${a.applicant.displayName}: ${APPLICATION_STATUS_LABELS[status]}. They have been notified.`,
              });
            },
          },
        );
      })}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            label="Move to"
            placeholder="New status"
            data={OPTIONS.filter((o) => o.value !== a.status)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            {...form.getInputProps('status')}
          />
          <Textarea
            label="Note (optional)"
            placeholder="Kept in the application's history"
            autosize
            minRows={1}
            maxRows={6}
            maxLength={APPLICATION_LIMITS.note}
            flex={1}
            miw={{ base: '100%', xs: 220 }}
            {...form.getInputProps('note')}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update status
          </Button>
        </Group>
        {update.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(update.error, 'Could not change the status. Please try again.')}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
