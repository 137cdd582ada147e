import { Box, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AskQuestionForm } from '../components/ask-question-form';
import { RequireQuestioner } from '../components/require-questioner';

/** /ask-question — opens in its own window (spec 01 §2); Cancel closes it. */
export function AskQuestionPage() {
  const navigate = useNavigate();
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
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
          <AskQuestionForm mode="window" onCancel={cancel} />
        </Paper>
      </Box>
    </RequireQuestioner>
  );
}
