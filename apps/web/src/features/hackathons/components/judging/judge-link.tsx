import { Alert, Button } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useJudgingQueue } from '../../api/judging';

/** For a judge, once judging is open: how much is left, and the way to the scoring screen. */
export function JudgeLink({ hackathonId }: { hackathonId: string }) {
  const queue = useJudgingQueue(hackathonId);
  if (!queue.data) return null;
  const left = queue.data.assigned - queue.data.scored;
  return (
    <Alert color="violet" icon={<IconGavel size={18} />} title="You are a judge">
      {left > 0
        ? `${left} of ${queue.data.assigned} submissions left to score.`
        : 'You have scored every submission.'}
      <Button mt="xs" size="xs" display="block" component={Link} to={`/hackathon/${hackathonId}/judge`}>
        {left > 0 ? 'Score submissions' : 'Review your scores'}
      </Button>
    </Alert>
  );
}
