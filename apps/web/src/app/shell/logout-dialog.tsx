import { MSG } from '@agora/shared';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { logout } from './session-actions';
import { shell, useShellState } from './shell-store';

/** spec 01 §2: 'Confirm Logout' with Logout and Cancel. */
export default function LogoutDialog() {
  const { logoutConfirm } = useShellState();
  const navigate = useNavigate();
  return (
    <Modal
      opened={logoutConfirm}
      onClose={shell.cancelLogout}
      title={MSG.logoutTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">{MSG.logoutBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={shell.cancelLogout}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void logout(navigate)} data-autofocus>
          Logout
        </Button>
      </Group>
    </Modal>
  );
}
