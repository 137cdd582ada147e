import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useRetryFailedMail, useSetMinReward } from '../api/admin-actions';
import { useInvalidateSettings, useMinReward } from '../../../lib/settings';
import { useOverview } from '../api/get-overview';
import { ConfirmDialog } from '../components/confirm-dialog';
import { defaultRange } from '../lib/range';

function MinRewardForm() {
  const current = useMinReward();
  const invalidateSettings = useInvalidateSettings();
  const save = useSetMinReward();
  const [value, setValue] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current.loaded) setValue(current.minReward);
  }, [current.loaded, current.minReward]);

  const submit = async () => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 100_000) {
      setError('Enter a whole number of rupees between 1 and 100000');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync(n);
      // The question form reads the public value: refresh every copy of it.
      await invalidateSettings();
    } catch (err) {
      setError(errorMessage(err, 'Could not save'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
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
              value={value}
              onChange={setValue}
              min={1}
              max={100_000}
              step={1}
              allowDecimal={false}
              allowNegative={false}
              error={error}
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
