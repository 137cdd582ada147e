import { JudgeInviteBody } from '@agora/shared';
import { Button, Group, Paper, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useInviteJudge, useJudges, useRemoveJudge } from '../../api/judging';
import u from '../../../../components/utilities.module.css';

/** The organiser invites judges by e-mail and follows each one's progress. */
export function JudgesPanel({ hackathonId, published }: { hackathonId: string; published: boolean }) {
  const judges = useJudges(hackathonId);
  const invite = useInviteJudge(hackathonId);
  const remove = useRemoveJudge(hackathonId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = JudgeInviteBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter an e-mail address');
      return;
    }
    setError(null);
    invite.mutate(parsed.data.email, { onSuccess: () => setEmail('') });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="judges-title">
      <Title order={3} id="judges-title" mb="xs">
        Judges
      </Title>
      <Stack gap="sm">
        {judges.data?.judges.length === 0 ? <Text c="dimmed">No judges yet.</Text> : null}
        {judges.data?.judges.map((j) => (
          <Stack key={j._id} gap={2} data-testid="judge-row">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" className={u.wrapAnywhere}>
                {j.user?.displayName ?? j.email}{' '}
                <Text span c="dimmed" size="xs">
                  {j.user ? j.email : '(invited)'}
                </Text>
              </Text>
              <Group gap="xs">
                <Text size="sm">
                  {j.scored}/{j.assigned} scored
                </Text>
                {!published ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === j._id}
                    onClick={() => remove.mutate(j._id)}
                    aria-label={`Remove judge ${j.email}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            </Group>
            <Progress size="sm" value={j.assigned ? (j.scored / j.assigned) * 100 : 0} />
          </Stack>
        ))}
        {!published ? (
          <Group component="form" onSubmit={submit} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Invite a judge by e-mail"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              flex="1 1 220px"
            />
            <Button type="submit" loading={invite.isPending}>
              Invite judge
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
