import { MSG } from '@agora/shared';
import { Button, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { setRedirectAfterLogin } from '../../../lib/auth-store';
import { useAnsweredQuestions, usePublicQuestions } from '../api/list-questions';
import type { QuestionsParams } from '../lib/use-questions-params';
import { QuestionList } from './question-list';

function SignInForAnswered() {
  const navigate = useNavigate();
  return (
    <Paper withBorder p="lg" ta="center">
      <Stack align="center" gap="xs">
        <Title order={3} size="h5">
          {MSG.signInToAnswer}
        </Title>
        <Button
          onClick={() => {
            setRedirectAfterLogin('/questions?tab=answered');
            navigate('/login');
          }}
        >
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}

/** The Inquiry Space's two lists (spec 01 §2): the open questions as filtered, and those the viewer answered. */
export function QuestionTabs({ params, viewerId }: { params: QuestionsParams; viewerId: string | null }) {
  const { categories, sort, q, minReward, maxReward, selected, select, update } = params;
  const list = usePublicQuestions({ categories, sort, q, minReward, maxReward });
  const answered = useAnsweredQuestions(viewerId);
  const answeredTotal = answered.data?.pages[0]?.total ?? 0;

  return (
    <Tabs
      value={params.tab}
      onChange={(v) => update({ tab: v === 'answered' ? 'answered' : null })}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        <Tabs.Tab value="open">Open Questions</Tabs.Tab>
        <Tabs.Tab value="answered">Answered ({answeredTotal})</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="open">
        <QuestionList
          items={list.data?.pages.flatMap((p) => p.items) ?? []}
          pending={list.isPending}
          error={list.isError}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          loadMore={() => void list.fetchNextPage()}
          selectedId={selected}
          onSelect={select}
          empty={
            params.filtered || sort === 'solved'
              ? { title: MSG.noQuestionsFound, description: 'Try other categories, words or rewards.' }
              : { title: MSG.noOpenQuestions, description: 'Be the first to ask one.' }
          }
        />
      </Tabs.Panel>
      <Tabs.Panel value="answered">
        {viewerId ? (
          <QuestionList
            items={answered.data?.pages.flatMap((p) => p.items) ?? []}
            pending={answered.isPending}
            error={answered.isError}
            hasMore={answered.hasNextPage}
            loadingMore={answered.isFetchingNextPage}
            loadMore={() => void answered.fetchNextPage()}
            selectedId={selected}
            onSelect={select}
            empty={{ title: MSG.noAnsweredQuestions, description: 'Questions you answer will appear here.' }}
          />
        ) : (
          <SignInForAnswered />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
