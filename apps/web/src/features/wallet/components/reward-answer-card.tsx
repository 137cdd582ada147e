import { markdownToPlainText, type RewardAnswer, type RewardRecord } from '@agora/shared';
import { Badge, Card, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { rupees } from '../../../lib/money';
import u from '../../../components/utilities.module.css';
import classes from './rewards.module.css';

export interface RewardAnswerCardProps {
  answer: RewardAnswer;
  checked: boolean;
  disabled: boolean;
  /** The live preview of this answer's share while selected. */
  preview: { percentage: number; paise: number } | null;
  /** The share it received, once distributed. */
  reward: RewardRecord | null;
  /** This answer's percentage while the author edits the split (null: not editable). */
  percent?: number | '' | null;
  onPercent?: (value: number | string) => void;
  onToggle: () => void;
}

export function RewardAnswerCard({
  answer,
  checked,
  disabled,
  preview,
  reward,
  percent = null,
  onPercent,
  onToggle,
}: RewardAnswerCardProps) {
  const share = reward ? { percentage: reward.percentage, paise: reward.amount } : preview;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="reward-answer"
      className={classes.answerCard}
      data-checked={checked || undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Checkbox
          mt={4}
          checked={checked}
          disabled={disabled}
          onChange={onToggle}
          aria-label={`Reward the answer by ${answer.author.displayName}`}
        />
        <Stack gap={6} flex={1} miw={0}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={600}>{answer.author.displayName}</Text>
            {percent !== null ? (
              <NumberInput
                aria-label={`Percentage for ${answer.author.displayName}`}
                value={percent}
                onChange={(v) => onPercent?.(v)}
                min={1}
                max={100}
                step={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                suffix="%"
                w={96}
                size="sm"
                disabled={disabled}
              />
            ) : null}
            {share ? (
              <Badge size="lg" variant={reward ? 'filled' : 'light'} color="teal" data-testid="reward-share">
                {share.percentage}% · {rupees(share.paise)}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={4} className={u.wrapAnywhere}>
            {/* An excerpt: the Markdown's text, not its syntax (the full answer is on the question). */}
            {markdownToPlainText(answer.content)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
