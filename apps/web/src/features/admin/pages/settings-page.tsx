import { MinRewardBody } from '@agora/shared';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRetryFailedMail, useSetMinReward } from '../api/admin-actions';
import { useInvalidateSettings, useMinReward } from '../../../lib/settings';
import { useOverview } from '../api/get-overview';
import { ConfirmDialog } from '../components/confirm-dialog';
import { defaultRange } from '../lib/range';

/** The admin screen's one sentence for any out-of-range value (the rule is the shared MinRewardBody). */
const MIN_REWARD_MESSAGE = 'Enter a whole number of rupees between 1 and 100000';
// Module-level: the form's setters are memoised on its rules, and the effect below needs them stable.
const minRewardRules = {
  minReward: (v: number | string) =>
    MinRewardBody.shape.minRewardAmount.safeParse(typeof v === 'number' ? v : Number(v)).success
      ? null
      : MIN_REWARD_MESSAGE,
};

function MinRewardForm() {
  const current = useMinReward();
  const invalidateSettings = useInvalidateSettings();
  const save = useSetMinReward();
  const form = useForm<{ minReward: number | string }>({
    initialValues: { minReward: '' },
    validate: minRewardRules,
  });
  const { setFieldValue } = form;
  useEffect(() => {
    if (current.loaded) setFieldValue('minReward', current.minReward);
  }, [current.loaded, current.minReward, setFieldValue]);

  const submit = form.onSubmit(({ minReward }) => {
    save.mutate(Number(minReward), {
      // The question form reads the public value: refresh every copy of it.
      onSuccess: () => invalidateSettings(),
      onError: (err) => form.setFieldError('minReward', errorMessage(err, 'Could not save')),
    });
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text fw={600}>Minimum reward</Text>
            <Text size="sm" c="dimmed">
              The smallest reward, in whole rupees, that a question can be created with.
            </Text>
          </div>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Minimum reward (₹)"
              {...form.getInputProps('minReward')}
              min={1}
              max={100_000}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              w={200}
              disabled={!current.loaded}
            />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function MailQueue() {
  const { from, to } = defaultRange();
  const { data } = useOverview(from, to);
  const retry = useRetryFailedMail();
  const [confirm, setConfirm] = useState(false);
  const failed = data?.totals.mailFailed ?? 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Text fw={600}>E-mail delivery</Text>
          <Text size="sm" c="dimmed">
            Mail is kept in an outbox and retried with growing delays while the mail server is unreachable.
            After several hours of failures a message is marked failed; it is never deleted.
          </Text>
        </div>
        <Text size="sm">
          {data ? `${data.totals.mailPending} waiting to be sent · ${failed} failed` : 'Loading…'}
        </Text>
        {failed > 0 ? (
          <Alert color="orange" variant="light">
            {failed} e-mail(s) could not be delivered. Once the mail server works again, queue them again.
          </Alert>
        ) : null}
        <Group>
          <Button variant="light" disabled={failed === 0} onClick={() => setConfirm(true)}>
            Retry failed e-mails
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirm}
        onClose={() => setConfirm(false)}
        title="Retry failed e-mails?"
        confirmLabel="Retry"
        onConfirm={() => retry.mutateAsync()}
      >
        {failed} e-mail(s) will be queued and sent again.
      </ConfirmDialog>
    </Paper>
  );
}

export function SettingsPage() {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Settings
      </Title>
      <MinRewardForm />
      <MailQueue />
    </Stack>
  );
}
