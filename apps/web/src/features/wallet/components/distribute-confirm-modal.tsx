import { plural, type RewardView } from '@agora/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { rupees } from '../../../lib/money';
import type { RewardSplit } from '../lib/use-reward-split';
import classes from './rewards.module.css';

interface DistributeConfirmModalProps {
  opened: boolean;
  answers: RewardView['question']['answers'];
  split: RewardSplit;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The last look before the reward is shared out (it can happen once): who gets what, in rupees. */
export function DistributeConfirmModal({
  opened,
  answers,
  split,
  busy,
  onClose,
  onConfirm,
}: DistributeConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title="Distribute rewards?" centered>
      <Stack gap="sm">
        <Text size="sm">
          {rupees(split.total)} will be split among {plural(split.selected.length, 'answer')}. Rewards can be
          distributed only once.
        </Text>
        <Stack gap={4} component="ul" className={classes.shareList}>
          {split.selected.map((id) => {
            const a = answers.find((x) => x._id === id);
            const p = split.preview.get(id)!;
            return (
              <Text component="li" size="sm" key={id}>
                {a?.author.displayName}: {p.percentage}% · {rupees(p.paise)}
              </Text>
            );
          })}
        </Stack>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
