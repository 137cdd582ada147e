import { type JobMatch, matchSummary } from '@agora/shared';
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';

/** The score's colour: a strong match green, a fair one amber, a weak one grey. */
export const matchColor = (score: number) => (score >= 70 ? 'teal' : score >= 40 ? 'yellow' : 'gray');

/**
 * How a job matches the signed-in viewer: the score and "7 of 9 skills match — missing Docker, AWS";
 * on the job page (`detailed`) also the skills by name, the evidence from their activity and how
 * the score is made, so the number explains itself.
 */
export function MatchSummary({ match, detailed = false }: { match: JobMatch; detailed?: boolean }) {
  const line = matchSummary(match);
  const score = (
    <Badge color={matchColor(match.score)} variant="light" tt="none" flex="none" data-testid="match-score">
      {match.score}% match
    </Badge>
  );
  if (!detailed) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="match-summary">
        {score}
        {line ? (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {line}
          </Text>
        ) : null}
      </Group>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" aria-labelledby="match-title" data-testid="match-summary">
      <Stack gap="xs">
        <Group gap="sm" justify="space-between">
          <Title order={2} size="h5" id="match-title">
            How you match
          </Title>
          {score}
        </Group>
        {line ? <Text size="sm">{line}</Text> : <Text size="sm">This job lists no skills.</Text>}
        {match.matched.length ? (
          <Group gap={6} aria-label="Skills you have">
            {match.matched.map((s) => (
              <Badge key={s} color="teal" variant="light" radius="sm" tt="none">
                {s}
              </Badge>
            ))}
          </Group>
        ) : null}
        {match.evidence.length ? (
          <List size="sm" spacing={2} aria-label="From your activity on Agora">
            {match.evidence.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        ) : null}
        <Text size="xs" c="dimmed">
          Skills count for 70 points (the share of this job's skills on your profile or found in your résumé),
          your level for 15 and your location for 15 (a remote job counts in full).
        </Text>
      </Stack>
    </Paper>
  );
}
