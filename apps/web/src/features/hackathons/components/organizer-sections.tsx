import type { Hackathon } from '@agora/shared';
import { Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../lib/format';
import { SubmissionItem } from './submission-item';

/** spec 03 §2: organiser-only Registered Participants and Project Submissions. */
export function OrganizerSections({ hackathon: h }: { hackathon: Hackathon }) {
  const participants = h.participants ?? [];
  const submissions = h.submissions ?? [];
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="participants-title">
        <Title order={3} id="participants-title" mb="sm">
          Registered Participants ({h.participantCount})
        </Title>
        {participants.length === 0 ? (
          <Text c="dimmed">No participants yet.</Text>
        ) : (
          <ScrollArea type="auto">
            <Table striped highlightOnHover miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Registered</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {participants.map((p) => (
                  <Table.Tr key={p.userId}>
                    <Table.Td>{p.userDisplayName}</Table.Td>
                    <Table.Td>{p.userEmail}</Table.Td>
                    <Table.Td>{formatDate(p.registeredAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {participants.length < h.participantCount ? (
          <Text size="xs" c="dimmed" mt="xs">
            Showing the first {participants.length} of {h.participantCount}.
          </Text>
        ) : null}
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="submissions-title">
        <Title order={3} id="submissions-title" mb="sm">
          Project Submissions ({h.submissionCount})
        </Title>
        {submissions.length === 0 ? (
          <Text c="dimmed">No submissions yet.</Text>
        ) : (
          <Stack gap="sm">
            {submissions.map((s) => (
              <SubmissionItem key={s._id} submission={s} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
