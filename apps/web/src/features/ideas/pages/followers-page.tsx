import { type FollowUser, MSG } from '@agora/shared';
import { Avatar, Button, Center, Container, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserCheck, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useFollowers, useFollowing, useFollowToggle } from '../api/follows';
import { UnfollowConfirm } from '../components/unfollow-confirm';
import { showErrorToast } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

function PersonRow({ person, action }: { person: FollowUser; action: React.ReactNode }) {
  const displayName = person.displayName || MSG.unknownUserDisplayName;
  return (
    <Group justify="space-between" wrap="nowrap" py="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar color="grape" radius="xl" variant="filled" aria-hidden>
          {displayName.trim().charAt(0).toUpperCase() || '?'}
        </Avatar>
        <div className={u.minW0}>
          <Text fw={600} truncate>
            {displayName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {person.name || MSG.unknownUserName}
          </Text>
        </div>
      </Group>
      {action}
    </Group>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <Center py="xl">
      <Stack gap={4} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}

/** A note when a list holds fewer people than its count (it is bounded to the most recent). */
function Truncated({ shown, total }: { shown: number; total: number }) {
  if (shown === 0 || shown >= total) return null;
  return (
    <Text size="xs" c="dimmed" py="xs" data-testid="follow-list-truncated">
      Showing the {shown} most recent of {total}.
    </Text>
  );
}

/** spec 02 §2 /followers: Followers (default) and Following tabs with Follow Back / Unfollow. */
export function FollowersPage() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  const followers = useFollowers();
  const following = useFollowing();
  const toggle = useFollowToggle();
  const [unfollowing, setUnfollowing] = useState<FollowUser | null>(null);

  const failed = followers.isError || following.isError;
  useEffect(() => {
    if (failed) showErrorToast({ title: MSG.followListsFailedTitle, message: MSG.followListsFailed });
  }, [failed]);

  if (!isLoggedIn) {
    return (
      <Container size="sm" py="xl" ta="center">
        <Title order={1} size="h3">
          {MSG.loginRequired}
        </Title>
        <Text c="dimmed">{MSG.loginToViewFollowers}</Text>
      </Container>
    );
  }

  const loading = followers.isPending || following.isPending;
  const followerUsers = followers.data?.users ?? [];
  const followingUsers = following.data?.users ?? [];
  // Tab counts are the full counts; the lists hold the most recent FOLLOW_LIST_MAX people.
  const followerTotal = followers.data?.total ?? followerUsers.length;
  const followingTotal = following.data?.total ?? followingUsers.length;

  return (
    <Container size="sm" py="lg">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        px={0}
        mb="sm"
        onClick={() => navigate(-1)}
      >
        Back
      </Button>
      <Title order={1} size="h2">
        Followers &amp; Following
      </Title>
      <Text c="dimmed" mb="md">
        Manage your connections
      </Text>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Tabs defaultValue="followers" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="followers">Followers ({followerTotal})</Tabs.Tab>
            <Tabs.Tab value="following">Following ({followingTotal})</Tabs.Tab>
          </Tabs.List>
          {loading ? (
            <Center py="xl" role="status">
              <Text c="dimmed">Loading...</Text>
            </Center>
          ) : (
            <>
              <Tabs.Panel value="followers" pt="xs">
                <Truncated shown={followerUsers.length} total={followerTotal} />
                {followerUsers.length === 0 ? (
                  <Empty title={MSG.noFollowers} hint={MSG.noFollowersHint} />
                ) : (
                  followerUsers.map((p) => (
                    <PersonRow
                      key={p.id}
                      person={p}
                      action={
                        p.followed ? (
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconUserCheck size={14} />}
                            onClick={() => setUnfollowing(p)}
                          >
                            Following
                          </Button>
                        ) : (
                          <Button
                            size="xs"
                            leftSection={<IconUserPlus size={14} />}
                            onClick={() => toggle.mutate({ target: p, follow: true })}
                          >
                            Follow Back
                          </Button>
                        )
                      }
                    />
                  ))
                )}
              </Tabs.Panel>
              <Tabs.Panel value="following" pt="xs">
                <Truncated shown={followingUsers.length} total={followingTotal} />
                {followingUsers.length === 0 ? (
                  <Empty title={MSG.noFollowing} hint={MSG.noFollowingHint} />
                ) : (
                  followingUsers.map((p) => (
                    <PersonRow
                      key={p.id}
                      person={p}
                      action={
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          leftSection={<IconUserMinus size={14} />}
                          onClick={() => setUnfollowing(p)}
                        >
                          Unfollow
                        </Button>
                      }
                    />
                  ))
                )}
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </Paper>
      <UnfollowConfirm
        opened={unfollowing !== null}
        onCancel={() => setUnfollowing(null)}
        onConfirm={() => {
          if (unfollowing) toggle.mutate({ target: unfollowing, follow: false });
          setUnfollowing(null);
        }}
      />
    </Container>
  );
}
