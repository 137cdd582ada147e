import type { Application } from '@agora/shared';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client';

/** Asks before an application is withdrawn: the poster sees it as withdrawn and it cannot be undone. */
export function WithdrawDialog({
  application,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  application: Application | null;
  pending: boolean;
  error: Error | null;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Modal
      opened={application !== null}
      onClose={pending ? () => {} : onCancel}
      title="Withdraw application?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          Withdraw your application to <strong>{application?.job.title}</strong> at {application?.job.company}
          ? The poster will see it as withdrawn.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(error, 'Could not withdraw. Please try again.')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Keep it
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            Withdraw
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
