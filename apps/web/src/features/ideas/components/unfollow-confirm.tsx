import { MSG } from '@agora/shared';
import { Button, Group, Modal, Text } from '@mantine/core';

/** spec 02 §5: unfollowing asks first. */
export function UnfollowConfirm({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={MSG.unfollowConfirmTitle} centered>
      <Text size="sm">{MSG.unfollowConfirmBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm}>
          Unfollow
        </Button>
      </Group>
    </Modal>
  );
}
