import { HACKATHON_TEAMS, type HackathonCriterion, type JudgingQueue } from '@agora/shared';
import { Anchor, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import u from '../../../../components/utilities.module.css';

type Item = JudgingQueue['items'][number];
const SCORES = Array.from({ length: HACKATHON_TEAMS.scoreMax }, (_, i) => String(i + 1));

/** One submission's sheet: a 1–5 score for every criterion and a comment for the team. */
export function ScoreSheet({
  item,
  criteria,
  saving,
  onSave,
}: {
  item: Item;
  criteria: HackathonCriterion[];
  saving: boolean;
  onSave: (scores: Record<string, number>, comment: string) => void;
}) {
  const [scores, setScores] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(item.myScore?.scores ?? {}).map(([k, v]) => [k, String(v)])),
  );
  const [comment, setComment] = useState(item.myScore?.comment ?? '');
  const missing = criteria.filter((c) => !scores[c.name]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missing.length) return;
    onSave(Object.fromEntries(criteria.map((c) => [c.name, Number(scores[c.name])])), comment.trim());
  };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-labelledby="sheet-title">
      <Stack gap="sm">
        <div>
          <Title order={3} id="sheet-title" className={u.wrapAnywhere}>
            {item.projectTitle}
          </Title>
          <Text size="sm" c="dimmed">
            by {item.teamName}
          </Text>
        </div>
        <Text size="sm" className={u.preWrap}>
          {item.projectDescription}
        </Text>
        <Group gap="md">
          {item.githubLink ? (
            <Anchor href={item.githubLink} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              GitHub
            </Anchor>
          ) : null}
          {item.demoLink ? (
            <Anchor href={item.demoLink} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              Demo
            </Anchor>
          ) : null}
        </Group>
        {criteria.map((c) => (
          <Stack key={c.name} gap={4}>
            <Text size="sm" fw={600} id={`criterion-${c.name}`}>
              {c.name}
            </Text>
            <SegmentedControl
              aria-labelledby={`criterion-${c.name}`}
              data={SCORES}
              value={scores[c.name] ?? ''}
              onChange={(v) => setScores((s) => ({ ...s, [c.name]: v }))}
              fullWidth
              maw={320}
            />
          </Stack>
        ))}
        <Textarea
          label="Comment for the team (released with the results)"
          value={comment}
          maxLength={HACKATHON_TEAMS.judgeCommentMax}
          autosize
          minRows={2}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {missing.length ? (
          <Text size="sm" c="dimmed">
            Still to score: {missing.map((c) => c.name).join(', ')}
          </Text>
        ) : null}
        <Button type="submit" loading={saving} disabled={missing.length > 0} className={u.selfStart}>
          Save and next
        </Button>
      </Stack>
    </Paper>
  );
}
