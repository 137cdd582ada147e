import type { OrganizationSummary } from '@agora/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSetIdeaOrganizations } from '../api/organization-actions';
import { OrganizationPicker } from './organization-picker';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/** The idea's author tags organisations (≤ 3) so their members see it and can answer. */
export function IdeaOrganizationsEditor({
  ideaId,
  current,
  onSaved,
}: {
  ideaId: string;
  current: OrganizationSummary[];
  onSaved: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<OrganizationSummary[]>(current);
  const save = useSetIdeaOrganizations(ideaId);
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="xs"
        onClick={() => {
          setValue(current);
          setOpen(true);
        }}
        className={u.selfStart}
      >
        {current.length > 0 ? 'Change tagged organisations' : 'Tag organisations'}
      </Button>
    );
  }
  return (
    <Stack gap="xs" data-testid="idea-organizations-editor">
      <OrganizationPicker value={value} onChange={setValue} />
      <Text size="xs" c="dimmed">
        Not listed?{' '}
        <Anchor component={Link} to="/organizations" size="xs">
          Add an organisation
        </Anchor>
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              value.map((o) => o._id),
              {
                onSuccess: () => {
                  notifications.show({
                    color: 'green',
                    title: 'Organisations tagged',
                    message: 'Their members are notified.',
                  });
                  setOpen(false);
                  onSaved();
                },
                onError: (err) => showError(err, 'Please try again.', 'Could not save'),
              },
            )
          }
        >
          Save
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
