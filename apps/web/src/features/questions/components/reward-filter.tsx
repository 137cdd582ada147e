import { QUESTION_LIMITS } from '@agora/shared';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';

export interface RewardRange {
  /** Whole rupees; null = no bound. */
  min: number | null;
  max: number | null;
}

export interface RewardFilterProps {
  value: RewardRange;
  onChange: (next: RewardRange) => void;
}

const bound = (v: string | number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

/**
 * The bounty board's reward filter: a minimum and a maximum reward in whole rupees, applied on
 * Apply (or Enter) so that typing does not reload the list at every digit. A minimum above the
 * maximum is refused here as the server refuses it.
 */
export function RewardFilter({ value, onChange }: RewardFilterProps) {
  const [min, setMin] = useState<string | number>(value.min ?? '');
  const [max, setMax] = useState<string | number>(value.max ?? '');
  // The URL is the state: follow it when it changes elsewhere (Clear, back/forward).
  useEffect(() => {
    setMin(value.min ?? '');
    setMax(value.max ?? '');
  }, [value.min, value.max]);
  const next = { min: bound(min), max: bound(max) };
  const invalid = next.min !== null && next.max !== null && next.min > next.max;
  const apply = () => {
    if (!invalid) onChange(next);
  };
  const common = {
    min: 0,
    max: QUESTION_LIMITS.rewardMaxRupees,
    allowDecimal: false,
    allowNegative: false,
    hideControls: true,
    prefix: '₹',
    size: 'sm' as const,
    style: { flex: 1, minWidth: 0 },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter') apply();
    },
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="reward-filter-title">
      <Group justify="space-between">
        <Text fw={700} id="reward-filter-title">
          Reward
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => onChange({ min: null, max: null })}
          disabled={value.min === null && value.max === null}
        >
          Clear
        </Button>
      </Group>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NumberInput {...common} label="Min" placeholder="Any" value={min} onChange={setMin} />
        <NumberInput
          {...common}
          label="Max"
          placeholder="Any"
          value={max}
          onChange={setMax}
          error={invalid ? 'Below the minimum' : undefined}
        />
      </Group>
      <Button
        variant="light"
        size="compact-sm"
        onClick={apply}
        disabled={invalid || (next.min === value.min && next.max === value.max)}
      >
        Apply reward filter
      </Button>
    </Stack>
  );
}
