import {
  Box,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { useAuth } from '../../../lib/auth-store';
import { useOwnQuestions } from '../api/list-questions';
import { AskQuestionForm } from '../components/ask-question-form';
import { OwnQuestionCard } from '../components/own-question-card';
import { RequireQuestioner } from '../components/require-questioner';

function PortalContent() {
  const { user } = useAuth();
  const [asking, setAsking] = useState(false);
  const own = useOwnQuestions(user?.id ?? null);
  const items = own.data?.pages.flatMap((p) => p.items) ?? [];
  const total = own.data?.pages[0]?.total ?? items.length;
  const { ref, entry } = useIntersection({ rootMargin: '400px' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = own;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Box px={{ base: 'sm', md: 'lg' }} py="md" maw={1000} mx="auto">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Box>
          <Title order={1} size="h2">
            Questioner Portal
          </Title>
          <Text c="dimmed">
            {total} question{total === 1 ? '' : 's'} asked
          </Text>
        </Box>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setAsking((v) => !v)}
          aria-expanded={asking}
        >
          Ask New Question
        </Button>
      </Group>
      <Collapse expanded={asking}>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" mb="lg">
          <Title order={2} size="h4" mb="sm">
            Ask New Question
          </Title>
          <AskQuestionForm mode="inline" onCancel={() => setAsking(false)} onDone={() => setAsking(false)} />
        </Paper>
      </Collapse>
      {own.isPending ? (
        <Stack>
          <Skeleton h={160} radius="md" />
          <Skeleton h={160} radius="md" />
        </Stack>
      ) : own.isError ? (
        <EmptyState title="Could not load your questions" description="Please try again in a moment." />
      ) : items.length === 0 ? (
        <EmptyState
          title="You haven't asked any questions yet"
          description="Ask one and pay its reward; answers will appear here."
          action={<Button onClick={() => setAsking(true)}>Ask New Question</Button>}
        />
      ) : (
        <Stack gap="md">
          {items.map((q) => (
            <OwnQuestionCard key={q._id} q={q} />
          ))}
          <div ref={ref}>
            {own.hasNextPage ? (
              <Center py="sm">
                {own.isFetchingNextPage ? (
                  <Loader size="sm" />
                ) : (
                  <Button variant="subtle" onClick={() => void own.fetchNextPage()}>
                    Load more
                  </Button>
                )}
              </Center>
            ) : null}
          </div>
        </Stack>
      )}
    </Box>
  );
}

/** /questioner-portal — spec 01 §2: own questions with their answers and the author's controls. */
export function QuestionerPortalPage() {
  return (
    <RequireQuestioner>
      <PortalContent />
    </RequireQuestioner>
  );
}
