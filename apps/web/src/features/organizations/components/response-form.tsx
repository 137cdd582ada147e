import {
  IDEA_RESPONSE_STATUS_LABELS,
  IDEA_RESPONSE_STATUSES,
  IdeaResponseBody,
  type OrganizationSummary,
} from '@agora/shared';
import { Button, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zodValidate } from '../../../lib/form';
import { useRespondToIdea } from '../api/organization-actions';
import { useMyOrganizations } from '../api/organizations';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

const validate = zodValidate(IdeaResponseBody);

/**
 * The official response form, shown to verified members of an organisation the idea tags (the
 * server checks both again). `onResponded` lets the idea page show the response.
 */
export function ResponseForm({
  ideaId,
  tagged,
  onResponded,
}: {
  ideaId: string;
  tagged: OrganizationSummary[];
  onResponded: () => void;
}) {
  const mine = useMyOrganizations();
  const respond = useRespondToIdea(ideaId);
  const mineIds = new Set((mine.data ?? []).map((o) => o._id));
  const options = tagged.filter((o) => mineIds.has(o._id));
  const form = useForm({
    initialValues: { organizationId: options[0]?._id ?? '', status: '', message: '' },
    validate: (v) => validate({ ...v, organizationId: v.organizationId || options[0]?._id }),
  });
  if (options.length === 0) return null;

  const submit = form.onSubmit((v) =>
    respond.mutate(
      {
        organizationId: v.organizationId || options[0]!._id,
        status: v.status as IdeaResponseBody['status'],
        message: v.message,
      },
      {
        onSuccess: (res) => {
          notifications.show({
            color: 'green',
            title: 'Response published',
            message: `${res.organization.name}: ${IDEA_RESPONSE_STATUS_LABELS[res.status]}`,
          });
          form.reset();
          onResponded();
        },
        onError: (err) => showError(err, 'Please try again.', 'Could not publish the response'),
      },
    ),
  );

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h5">
          Respond officially
        </Title>
        {options.length > 1 ? (
          <Select
            label="On behalf of"
            data={options.map((o) => ({ value: o._id, label: o.name }))}
            allowDeselect={false}
            {...form.getInputProps('organizationId')}
          />
        ) : null}
        <Select
          label="Status"
          placeholder="Choose a status"
          withAsterisk
          data={IDEA_RESPONSE_STATUSES.map((s) => ({ value: s, label: IDEA_RESPONSE_STATUS_LABELS[s] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
        />
        <Textarea
          label="Message"
          withAsterisk
          autosize
          minRows={3}
          placeholder={`What ${options[0]!.name} will do about it`}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={respond.isPending} className={u.selfStart}>
          Publish response
        </Button>
      </Stack>
    </Paper>
  );
}
