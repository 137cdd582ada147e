import type { Hackathon } from '@agora/shared';
import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../../lib/auth-store';
import { useRequestToJoin, useTeams } from '../../api/teams';
import { CreateTeamForm } from './create-team-form';
import { MyRequests } from './my-requests';
import { TeamCard } from './team-card';
import { YourTeam } from './your-team';
import u from '../../../../components/utilities.module.css';

/** The hackathon's Teams tab: your team, your requests and invitations, and the board. */
export function TeamsTab({ hackathon: h }: { hackathon: Hackathon }) {
  const { user } = useAuth();
  const [skill, setSkill] = useState('');
  const [debouncedSkill] = useDebouncedValue(skill, 300);
  const mine = useTeams(h._id);
  const board = useTeams(h._id, debouncedSkill);
  const join = useRequestToJoin();

  const ended = h.phase === 'past';
  const myTeam = user ? mine.data?.teams.find((t) => t.members.some((m) => m.id === user.id)) : undefined;
  const myRequests = mine.data?.myRequests ?? [];
  const pendingTeams = new Set(myRequests.filter((r) => r.kind === 'join').map((r) => r.teamId));
  const canJoin = h.isRegistered && !ended && !myTeam && h.status === 'published';

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Teams of up to {h.maxTeamSize}. {ended ? 'The hackathon has ended: teams no longer change.' : ''}
      </Text>
      {myTeam ? <YourTeam team={myTeam} ended={ended} /> : null}
      {myRequests.length ? <MyRequests requests={myRequests} /> : null}
      {canJoin ? <CreateTeamForm hackathonId={h._id} /> : null}
      {!h.isRegistered && !h.isOrganizer && !ended ? (
        <Alert color="gray">Register for the hackathon to create or join a team.</Alert>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="team-board-title">
        <Title order={3} id="team-board-title">
          Looking for a team
        </Title>
        <TextInput
          label="Filter by skill"
          placeholder="e.g. React"
          leftSection={<IconSearch size={16} />}
          value={skill}
          onChange={(e) => setSkill(e.currentTarget.value)}
          maw={360}
        />
        {board.isPending ? (
          <Center py="md" role="status">
            <Loader size="sm" aria-label="Loading teams" />
          </Center>
        ) : board.isError ? (
          <Alert color="red">The teams could not be loaded.</Alert>
        ) : board.data.teams.length === 0 ? (
          <Text c="dimmed">{debouncedSkill ? `No team wants ${debouncedSkill} yet.` : 'No teams yet.'}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {board.data.teams.map((t) => (
              <TeamCard
                key={t._id}
                team={t}
                action={
                  canJoin && !t.full ? (
                    pendingTeams.has(t._id) ? (
                      <Text size="sm" c="dimmed">
                        Request sent
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        className={u.selfStart}
                        loading={join.isPending && join.variables?.teamId === t._id}
                        onClick={() => join.mutate({ teamId: t._id })}
                        aria-label={`Request to join ${t.name}`}
                      >
                        Request to join
                      </Button>
                    )
                  ) : null
                }
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
