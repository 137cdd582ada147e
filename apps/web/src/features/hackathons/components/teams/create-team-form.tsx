import { HACKATHON_TEAMS, TeamCreateBody } from '@agora/shared';
import { Button, Paper, Stack, Switch, TagsInput, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useCreateTeam } from '../../api/teams';
import u from '../../../../components/utilities.module.css';

/** A registered participant without a team forms one and becomes its captain. */
export function CreateTeamForm({ hackathonId }: { hackathonId: string }) {
  const create = useCreateTeam(hackathonId);
  const [name, setName] = useState('');
  const [looking, setLooking] = useState(true);
  const [skills, setSkills] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TeamCreateBody.safeParse({ name, lookingForMembers: looking, skillsWanted: skills });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the team name');
      return;
    }
    setError(null);
    create.mutate(parsed.data, { onSuccess: () => setName('') });
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      aria-labelledby="create-team-title"
    >
      <Title order={4} id="create-team-title" mb="xs">
        Create a team
      </Title>
      <Stack gap="sm">
        <TextInput
          label="Team name"
          required
          value={name}
          maxLength={HACKATHON_TEAMS.teamNameMax}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
        />
        <TagsInput
          label="Skills wanted"
          description="Press Enter after each skill"
          value={skills}
          onChange={setSkills}
          maxTags={HACKATHON_TEAMS.skillsWantedMax}
        />
        <Switch
          label="Looking for members"
          checked={looking}
          onChange={(e) => setLooking(e.currentTarget.checked)}
        />
        <Button type="submit" loading={create.isPending} className={u.selfStart}>
          Create team
        </Button>
      </Stack>
    </Paper>
  );
}
