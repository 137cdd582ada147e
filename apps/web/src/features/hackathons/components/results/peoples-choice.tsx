import type { HackathonGallery } from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useGallery, useVote } from '../../api/judging';
import u from '../../../../components/utilities.module.css';

/** The submissions with a Vote button each; the caller's own team's is disabled, their vote marked. */
export function PeoplesChoiceView({
  gallery,
  voting,
  onVote,
}: {
  gallery: HackathonGallery;
  voting: boolean;
  onVote: (submissionId: string) => void;
}) {
  if (gallery.items.length === 0) return <Text c="dimmed">No projects were submitted.</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        One vote per person; voting again moves your vote. The counts are shown when the results are
        published.
      </Text>
      {gallery.items.map((item) => {
        const chosen = gallery.myVote === item.submissionId;
        return (
          <Paper
            key={item.submissionId}
            withBorder
            p="md"
            radius="md"
            component="article"
            data-testid="gallery-item"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700} className={u.wrapAnywhere}>
                    {item.projectTitle}
                  </Text>
                  <Text size="sm" c="dimmed">
                    by {item.teamName}
                  </Text>
                  {chosen ? (
                    <Badge color="grape" variant="light" tt="none">
                      Your vote
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" lineClamp={3} className={u.wrapAnywhere}>
                  {item.projectDescription}
                </Text>
                <Group gap="md">
                  {item.githubLink ? (
                    <Anchor href={item.githubLink} target="_blank" rel="noopener noreferrer" size="sm">
                      Code
                    </Anchor>
                  ) : null}
                  {item.demoLink ? (
                    <Anchor href={item.demoLink} target="_blank" rel="noopener noreferrer" size="sm">
                      Demo
                    </Anchor>
                  ) : null}
                </Group>
              </Stack>
              <Button
                size="xs"
                variant={chosen ? 'filled' : 'light'}
                color="grape"
                disabled={item.mine || chosen || !gallery.votingOpen}
                loading={voting}
                onClick={() => onVote(item.submissionId)}
                aria-label={`Vote for ${item.projectTitle}`}
                title={item.mine ? 'You cannot vote for your own team' : undefined}
                // The label stays whole on a phone; the project's text wraps instead.
                className={u.noShrink}
              >
                {item.mine ? 'Your team' : chosen ? 'Voted' : 'Vote'}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** People's choice on the Overview after the end and before publication (signed-in people). */
export function PeoplesChoice({ hackathonId }: { hackathonId: string }) {
  const q = useGallery(hackathonId);
  const vote = useVote(hackathonId);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="peoples-choice-title">
      <Title order={3} mb="sm" id="peoples-choice-title">
        People’s choice
      </Title>
      {q.isPending ? (
        <Center role="status">
          <Loader size="sm" aria-label="Loading the projects" />
        </Center>
      ) : q.isError ? (
        <Alert color="red">The projects could not be loaded.</Alert>
      ) : (
        <PeoplesChoiceView gallery={q.data} voting={vote.isPending} onVote={(sid) => vote.mutate(sid)} />
      )}
    </Paper>
  );
}
