import type { HackathonResults, ResultRow } from '@agora/shared';
import { Alert, Badge, Blockquote, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useResults } from '../../api/judging';
import u from '../../../../components/utilities.module.css';

export const placeLabel = (place: number) =>
  place === 1 ? 'Winner' : place === 2 ? '2nd place' : place === 3 ? '3rd place' : `${place}th place`;

function Row({ row }: { row: ResultRow }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid="result">
      <Group gap="xs" wrap="wrap" mb={4}>
        {row.place ? (
          <Badge color={row.place === 1 ? 'yellow' : 'gray'} variant="filled" tt="none">
            {placeLabel(row.place)}
          </Badge>
        ) : null}
        <Text fw={700} className={u.wrapAnywhere}>
          {row.projectTitle}
        </Text>
        <Text size="sm" c="dimmed">
          by {row.teamName}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        People’s choice: {row.votes ?? 0} {row.votes === 1 ? 'vote' : 'votes'}
      </Text>
      {row.comments?.length ? (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={600}>
            The judges’ comments to your team
          </Text>
          {row.comments.map((c, i) => (
            // Comments carry no id and never change once released.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            <Blockquote key={i} p="xs" fz="sm">
              {c}
            </Blockquote>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The published results: placed projects first, then the rest, with the people's choice counts. */
export function PublishedResultsView({ results }: { results: HackathonResults }) {
  const placed = results.rows.filter((r) => r.place !== null).sort((a, b) => a.place! - b.place!);
  const rest = results.rows.filter((r) => r.place === null);
  const favourite = [...results.rows].sort((a, b) => (b.votes ?? 0) - (a.votes ?? 0))[0];
  return (
    <Stack gap="sm">
      {placed.map((r) => (
        <Row key={r.submissionId} row={r} />
      ))}
      {favourite && (favourite.votes ?? 0) > 0 ? (
        <Alert color="grape" title="People’s choice">
          {favourite.projectTitle} by {favourite.teamName} ({favourite.votes}{' '}
          {favourite.votes === 1 ? 'vote' : 'votes'})
        </Alert>
      ) : null}
      {rest.length ? (
        <>
          <Text size="sm" fw={600} mt="sm">
            Every other project
          </Text>
          {rest.map((r) => (
            <Row key={r.submissionId} row={r} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}

/** The Results section of a hackathon page once the organiser has published them. */
export function PublishedResults({ hackathonId }: { hackathonId: string }) {
  const q = useResults(hackathonId);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="results-title">
      <Title order={3} mb="sm" id="results-title">
        Winners
      </Title>
      {q.isPending ? (
        <Center role="status">
          <Loader size="sm" aria-label="Loading results" />
        </Center>
      ) : q.isError ? (
        <Alert color="red">The results could not be loaded.</Alert>
      ) : (
        <PublishedResultsView results={q.data} />
      )}
    </Paper>
  );
}
