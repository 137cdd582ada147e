import { Alert, Button, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useHackathon } from '../api/get-hackathon';
import { useJudgingQueue } from '../api/judging';
import { JudgingConsole } from '../components/judging/judging-console';
import u from '../../../components/utilities.module.css';

/** /hackathon/:id/judge — a judge scores the submissions assigned to them. */
export function JudgePage() {
  const { id = '' } = useParams();
  const hackathon = useHackathon(id);
  const queue = useJudgingQueue(id);

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Button
          variant="subtle"
          component={Link}
          to={`/hackathon/${id}`}
          leftSection={<IconArrowLeft size={16} />}
          px={0}
          className={u.selfStart}
        >
          Back to the hackathon
        </Button>
        <Title order={1} className={u.wrapAnywhere}>
          Judging{hackathon.data ? `: ${hackathon.data.title}` : ''}
        </Title>
        {queue.isPending ? (
          <Center mih="30vh" role="status">
            <Loader aria-label="Loading submissions" />
          </Center>
        ) : queue.isError ? (
          <Alert color={queue.error instanceof ApiError && queue.error.status === 409 ? 'blue' : 'red'}>
            {queue.error instanceof ApiError ? queue.error.message : 'The submissions could not be loaded.'}
          </Alert>
        ) : (
          <JudgingConsole hackathonId={id} queue={queue.data} />
        )}
      </Stack>
    </Container>
  );
}
