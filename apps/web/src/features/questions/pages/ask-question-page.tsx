import { QUESTION_CATEGORIES, type QuestionCategory } from '@agora/shared';
import { Anchor, Box, Paper, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AskQuestionForm } from '../components/ask-question-form';
import { RequireQuestioner } from '../components/require-questioner';

/** /ask-question — opens in its own window (spec 01 §2); Cancel closes it. */
/** "Offer a bounty" on an idea page opens this form with the idea's words (?ideaId=&title=&description=&category=). */
function ideaPrefill(params: URLSearchParams) {
  const ideaId = params.get('ideaId');
  if (!ideaId) return undefined;
  const category = params.get('category');
  return {
    ideaId,
    title: params.get('title') ?? '',
    description: params.get('description') ?? '',
    category: QUESTION_CATEGORIES.includes(category as QuestionCategory) ? category : null,
  };
}

export function AskQuestionPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prefill = ideaPrefill(params);
  const cancel = () => {
    window.close();
    // Opened directly rather than by the app: the browser keeps the window, so leave the page.
    window.setTimeout(() => {
      if (!window.closed) navigate('/questions');
    }, 150);
  };
  return (
    <RequireQuestioner>
      <Box px={{ base: 'sm', md: 'lg' }} py="md" maw={820} mx="auto">
        <Title order={1} size="h2">
          Ask a Question
        </Title>
        <Text c="dimmed" mb="md">
          Describe your problem, set a reward, and pay it up front. Answerers share it once you distribute it.
        </Text>
        {prefill ? (
          <Text size="sm" mb="sm" data-testid="bounty-from-idea">
            A bounty for the idea{' '}
            <Anchor component={Link} to={`/idea/${prefill.ideaId}`}>
              “{prefill.title}”
            </Anchor>
            : it will be listed on the idea.
          </Text>
        ) : null}
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <AskQuestionForm mode="window" onCancel={cancel} prefill={prefill} />
        </Paper>
      </Box>
    </RequireQuestioner>
  );
}
