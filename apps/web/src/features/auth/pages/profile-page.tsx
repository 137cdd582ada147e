import { shortDate, UpdateMeBody } from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessage } from '../../../lib/api-client';
import { validateAll, zodValidate } from '../../../lib/form';
import { useAuth } from '../../../lib/auth-store';
import { useMe, useUpdateMe } from '../api/me';
import { CategoryAlertsCard } from '../components/category-alerts-card';
import { EmailPreferencesCard } from '../components/email-preferences-card';
import { ProfileSkillsCard } from '../components/profile-skills-card';
import { ResumeCard } from '../components/resume-card';
import { JobAlertsCard } from '../../job-alerts/components/job-alerts-card';
import { ROLE_LABELS } from '../roles';
import u from '../../../components/utilities.module.css';

const LINKS = [
  { label: 'My Questions', to: '/questioner-portal' },
  { label: 'My Wallet', to: '/wallet' },
  { label: 'My Ideas', to: '/my-ideas' },
  { label: 'Hidden Ideas', to: '/hidden-ideas' },
  { label: 'My Hackathons', to: '/my-hackathons' },
  { label: 'Followers & Following', to: '/followers' },
];

/** The shared PUT /api/users/me rules: the form checks what the server checks. */
const profileRules = zodValidate(UpdateMeBody);

/** /profile: view and edit name and display name (PUT /api/users/me), kept in the stored user. */
export function ProfilePage() {
  const _navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const me = useMe(isLoggedIn);
  const update = useUpdateMe();
  const [editing, setEditing] = useState(false);
  const form = useForm({ initialValues: { name: '', displayName: '' }, validate: profileRules });
  // The form's one message line: "both required" and the server's refusal.
  const [error, setError] = useState<string | null>(null);

  const user = me.data;
  const startEdit = () => {
    if (!user) return;
    form.setValues({ name: user.name, displayName: user.displayName });
    form.clearErrors();
    setError(null);
    setEditing(true);
  };

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const { name, displayName } = form.getValues();
    if (!name.trim() || !displayName.trim()) {
      setError('Name and display name are required.');
      return;
    }
    // The rest of the shared UpdateMeBody (length, visible text, no staff-like names), on its field.
    if (validateAll(form, ['name', 'displayName'])) return;
    update.mutate(
      { name: name.trim(), displayName: displayName.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({
            title: 'Profile updated',
            message: 'Your changes have been saved.',
            color: 'teal',
          });
        },
        onError: (err) => setError(errorMessage(err, 'Failed to update profile')),
      },
    );
  };

  if (!isLoggedIn) return null;

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Title order={1} mb="lg">
        My Profile
      </Title>
      {me.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={20} />}>
          {errorMessage(me.error, 'Failed to load your profile')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="xl">
        {!user ? (
          <Group>
            <Skeleton circle h={80} />
            <Stack gap="xs" flex={1}>
              <Skeleton h={20} w="40%" />
              <Skeleton h={14} w="60%" />
            </Stack>
          </Group>
        ) : editing ? (
          <form onSubmit={onSave} noValidate aria-label="Edit profile">
            <Stack gap="md">
              {error ? (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextInput
                label="Full name"
                required
                {...form.getInputProps('name')}
                maxLength={100}
                autoComplete="name"
              />
              <TextInput
                label="Display name"
                description="Shown on your questions, answers and ideas"
                required
                {...form.getInputProps('displayName')}
                maxLength={100}
                autoComplete="nickname"
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
                <Button type="submit" loading={update.isPending}>
                  Save changes
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group align="flex-start" justify="space-between" wrap="wrap" gap="lg">
            <Group wrap="nowrap" align="center">
              <UserAvatar name={user.name} email={user.email} size={80} />
              <Stack gap={2}>
                <Text fz="xl" fw={700} data-testid="profile-display-name">
                  {user.displayName}
                </Text>
                <Text c="dimmed" data-testid="profile-name">
                  {user.name}
                </Text>
                <Text size="sm" c="dimmed" className={u.breakAll}>
                  {user.email}
                </Text>
                <Group gap="xs" mt={4}>
                  <Badge variant="light">{ROLE_LABELS[user.role] ?? user.role}</Badge>
                  <Text size="xs" c="dimmed">
                    Member since {shortDate(user.createdAt)}
                  </Text>
                </Group>
              </Stack>
            </Group>
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={startEdit}>
              Edit profile
            </Button>
          </Group>
        )}
      </Card>

      {user ? <ProfileSkillsCard user={user} /> : null}
      {user ? <ResumeCard user={user} /> : null}
      {user ? <EmailPreferencesCard user={user} /> : null}
      {user ? <CategoryAlertsCard user={user} /> : null}
      {user ? <JobAlertsCard /> : null}

      <Title order={2} size="h4" mt="xl" mb="sm">
        Your spaces
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {LINKS.map((l) => (
          <Card key={l.label} withBorder radius="md" padding="md" component={Link} to={l.to}>
            <Anchor component="span" fw={600} size="sm">
              {l.label}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
