import { Anchor, Box, Paper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../../lib/auth-store';
import { useQuestion } from '../api/get-question';
import { QuestionView } from '../components/question-view';
import u from '../../../components/utilities.module.css';

/** /question/:id — spec 01 §2 "Question detail". */
export function QuestionDetailPage() {
  const { id = '' } = useParams();
  const { user, isLoggedIn } = useAuth();
  // Same query (and cache entry) as QuestionView: only used here for the tab title.
  const q = useQuestion(id, isLoggedIn ? (user?.id ?? 'visitor') : 'visitor');
  usePageTitle(q.data ? `${q.data.title} — Inquiry Space` : undefined);
  return (
    <Box px={{ base: 'sm', md: 'lg' }} py="md" maw={900} mx="auto">
      <Anchor component={Link} to="/questions" size="sm" mb="sm" display="inline-flex" className={u.iconLink}>
        <IconArrowLeft size={14} aria-hidden /> Back to questions
      </Anchor>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <QuestionView id={id} mode="page" />
      </Paper>
    </Box>
  );
}
