import { CreateOrganizationBody, ORGANIZATION_KIND_LABELS, ORGANIZATION_KINDS } from '@agora/shared';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconRosetteDiscountCheckFilled, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { zodValidate } from '../../../lib/form';
import { usePageTitle } from '../../../lib/page-title';
import { useCreateOrganization } from '../api/organization-actions';
import { useMyOrganizations, useOrganizationSearch } from '../api/organizations';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

const validate = zodValidate(CreateOrganizationBody);

function AddOrganization() {
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const form = useForm({ initialValues: { name: '', kind: '', domain: '' }, validate });
  const submit = form.onSubmit((v) =>
    create.mutate(v as CreateOrganizationBody, {
      onSuccess: (org) => {
        notifications.show({ color: 'green', title: 'Organisation added', message: org.name });
        navigate(`/organization/${org._id}`);
      },
      onError: (err) => showError(err, 'Please try again.', 'Could not add it'),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add an organisation
        </Title>
        <Text size="sm" c="dimmed">
          It shows as unverified until someone proves an e-mail address at its domain.
        </Text>
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <Select
          label="Kind"
          withAsterisk
          data={ORGANIZATION_KINDS.map((k) => ({ value: k, label: ORGANIZATION_KIND_LABELS[k] }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('kind')}
        />
        <TextInput
          label="Domain"
          placeholder="example.gov.in"
          withAsterisk
          {...form.getInputProps('domain')}
        />
        <Button type="submit" loading={create.isPending} className={u.selfStart}>
          Add organisation
        </Button>
      </Stack>
    </Paper>
  );
}

/** /organizations: find an organisation, see the ones I belong to, add a missing one. */
export function OrganizationsPage() {
  usePageTitle('Organisations — Innovators Space');
  const { isLoggedIn } = useAuth();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 200);
  const found = useOrganizationSearch(q);
  const mine = useMyOrganizations();
  return (
    <Container size="md" py="lg">
      <Title order={1} size="h2" mb="xs">
        Organisations
      </Title>
      <Text c="dimmed" mb="md">
        Companies, governments and NGOs that ideas tag. Verified members answer officially.
      </Text>
      {mine.data && mine.data.length > 0 ? (
        <Paper withBorder radius="md" p="md" mb="md">
          <Text fw={600} mb="xs">
            Your organisations
          </Text>
          <Group gap="md">
            {mine.data.map((o) => (
              <Anchor key={o._id} component={Link} to={`/organization/${o._id}/inbox`}>
                {o.name} — inbox
              </Anchor>
            ))}
          </Group>
        </Paper>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: isLoggedIn ? 2 : 1 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            aria-label="Search organisations"
            placeholder="Search by name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {(found.data ?? []).map((o) => (
            <Paper key={o._id} withBorder radius="md" p="sm">
              <Group gap={6}>
                <Anchor component={Link} to={`/organization/${o._id}`} fw={600}>
                  {o.name}
                </Anchor>
                {o.verified ? (
                  <IconRosetteDiscountCheckFilled
                    size={16}
                    color="var(--mantine-color-blue-6)"
                    aria-label="Verified"
                  />
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {ORGANIZATION_KIND_LABELS[o.kind]} · {o.domain}
              </Text>
            </Paper>
          ))}
          {found.data?.length === 0 ? (
            <Text c="dimmed" size="sm">
              No organisation by that name yet.
            </Text>
          ) : null}
        </Stack>
        {isLoggedIn ? <AddOrganization /> : null}
      </SimpleGrid>
    </Container>
  );
}
