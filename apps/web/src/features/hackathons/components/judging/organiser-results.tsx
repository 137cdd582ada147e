import type { Hackathon, HackathonResults } from '@agora/shared';
import { Alert, Badge, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { usePublishResults, useResults } from '../../api/judging';
import { prizeEscrowOf } from '../../lib/prize';
import { PublishForm } from './publish-form';

const fmt = (n: number | null) => (n === null ? '—' : n.toFixed(2));

/** The ranking the organiser publishes from: normalized (per-judge z-scores) and raw weighted totals. */
export function ResultsTable({ results }: { results: HackathonResults }) {
  return (
    <ScrollArea type="auto">
      <Table striped miw={560} data-testid="results-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Normalized</Table.Th>
            <Table.Th>Raw (weighted)</Table.Th>
            {results.criteria.map((c) => (
              <Table.Th key={c.name}>{c.name}</Table.Th>
            ))}
            <Table.Th>Judges</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.rows.map((r, i) => (
            <Table.Tr key={r.submissionId}>
              <Table.Td>{r.place ?? i + 1}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.projectTitle}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.teamName}
                </Text>
              </Table.Td>
              <Table.Td>{fmt(r.normalized)}</Table.Td>
              <Table.Td>{fmt(r.weighted)}</Table.Td>
              {results.criteria.map((c) => (
                <Table.Td key={c.name}>{fmt(r.criteria[c.name] ?? null)}</Table.Td>
              ))}
              <Table.Td>{r.judges}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The organiser's results: the ranking, and the publish form once the hackathon has ended. */
export function OrganiserResults({ hackathon: h }: { hackathon: Hackathon }) {
  const results = useResults(h._id);
  const publish = usePublishResults(h._id);
  const ended = h.phase === 'past';
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="ranking-title">
        <Title order={3} id="ranking-title" mb="xs">
          Ranking{' '}
          {results.data?.published ? (
            <Badge color="green" tt="none">
              Published
            </Badge>
          ) : null}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Normalized: each judge’s scores are standardised before averaging, so one harsh or lenient judge
          does not decide the order. Raw: the plain weighted mean, out of 5.
        </Text>
        {results.data ? (
          results.data.rows.length ? (
            <ResultsTable results={results.data} />
          ) : (
            <Text c="dimmed">No submissions yet.</Text>
          )
        ) : results.isError ? (
          <Alert color="red">The results could not be loaded.</Alert>
        ) : null}
      </Paper>
      {results.data && !results.data.published && ended && results.data.rows.length ? (
        h.criteria.length ? (
          <PublishForm
            results={results.data}
            escrow={prizeEscrowOf(h)}
            publishing={publish.isPending}
            onPublish={(body) => publish.mutate(body)}
          />
        ) : (
          <Alert color="yellow">Set the judging criteria before publishing.</Alert>
        )
      ) : null}
      {!ended ? <Text c="dimmed">You can publish the results once the hackathon has ended.</Text> : null}
    </Stack>
  );
}
