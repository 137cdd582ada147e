import { type AdminUser, ROLES } from '@agora/shared';
import { Badge, Button, Group, Menu, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { useAuth } from '../../../lib/auth-store';
import { useUpdateUser } from '../api/admin-actions';
import { usePagedList } from '../api/use-paged-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListFrame } from '../components/list-frame';
import { SearchInput } from '../components/search-input';

const roleColor: Record<string, string> = {
  admin: 'red',
  questioner: 'blue',
  answerer: 'teal',
  user: 'gray',
};

type Pending =
  | { kind: 'role'; user: AdminUser; role: AdminUser['role'] }
  | { kind: 'status'; user: AdminUser; status: AdminUser['status'] };

export function UsersPage() {
  const me = useAuth().user;
  const [q, setQ] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const list = usePagedList<AdminUser>('users', '/api/admin/users', {
    q: q || undefined,
    role: role ?? undefined,
    status: status ?? undefined,
  });
  const update = useUpdateUser();
  const [pending, setPending] = useState<Pending | null>(null);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Users
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchInput label="Search" placeholder="Name or e-mail" onSearch={setQ} />
        <Select
          label="Role"
          placeholder="Any role"
          data={[...ROLES]}
          value={role}
          onChange={setRole}
          clearable
          w={160}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={['active', 'suspended']}
          value={status}
          onChange={setStatus}
          clearable
          w={160}
        />
      </Group>
      <ListFrame
        list={list}
        label="Users"
        empty="No users match"
        head={
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        }
      >
        {list.items.map((u) => {
          const self = u.id === me?.id;
          return (
            <Table.Tr key={u.id} data-testid={`user-row-${u.email}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {u.displayName}
                  {self ? (
                    <Text span c="dimmed" size="xs">
                      {' '}
                      (you)
                    </Text>
                  ) : null}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{u.email}</Text>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-start" withinPortal>
                  <Menu.Target>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color={roleColor[u.role]}
                      rightSection={<IconChevronDown size={12} aria-hidden />}
                      disabled={self}
                      aria-label={`Role of ${u.displayName}: ${u.role}. Change role`}
                    >
                      {u.role}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Label>Change role to</Menu.Label>
                    {ROLES.filter((r) => r !== u.role).map((r) => (
                      <Menu.Item key={r} onClick={() => setPending({ kind: 'role', user: u, role: r })}>
                        {r}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
              <Table.Td>
                <Badge color={u.status === 'active' ? 'green' : 'red'} variant="light">
                  {u.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <RelativeTime date={u.createdAt} />
                </Text>
              </Table.Td>
              <Table.Td>
                {self ? null : u.status === 'active' ? (
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="subtle"
                    onClick={() => setPending({ kind: 'status', user: u, status: 'suspended' })}
                  >
                    Suspend
                  </Button>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setPending({ kind: 'status', user: u, status: 'active' })}
                  >
                    Reactivate
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListFrame>

      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        title={
          pending?.kind === 'status'
            ? pending.status === 'suspended'
              ? 'Suspend this user?'
              : 'Reactivate this user?'
            : 'Change role?'
        }
        confirmLabel={
          pending?.kind === 'status'
            ? pending.status === 'suspended'
              ? 'Suspend'
              : 'Reactivate'
            : 'Change role'
        }
        color={pending?.kind === 'status' && pending.status === 'suspended' ? 'red' : 'blue'}
        onConfirm={() =>
          update.mutateAsync({
            id: pending!.user.id,
            name: pending!.user.displayName,
            patch: pending!.kind === 'role' ? { role: pending!.role } : { status: pending!.status },
          })
        }
      >
        {pending?.kind === 'status' && pending.status === 'suspended' ? (
          <>
            <b>{pending.user.displayName}</b> ({pending.user.email}) will be signed out on every device at
            once and cannot sign in until reactivated.
          </>
        ) : pending?.kind === 'status' ? (
          <>
            <b>{pending.user.displayName}</b> will be able to sign in again.
          </>
        ) : pending ? (
          <>
            <b>{pending.user.displayName}</b> will change from <b>{pending.user.role}</b> to{' '}
            <b>{pending.role}</b>.{pending.role === 'admin' ? ' Admins have full access to this portal.' : ''}
          </>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
