import { type HackathonResults, type PrizeEscrow, PublishResultsBody } from '@agora/shared';
import { Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../lib/prize';
import u from '../../../../components/utilities.module.css';

const DEFAULT_PLACES = 3;

/** A first split of the pool among n places (whole percents summing to 100), which the organiser edits. */
export function defaultSplit(n: number): number[] {
  if (n === 1) return [100];
  if (n === 2) return [60, 40];
  if (n === 3) return [50, 30, 20];
  const each = Math.floor(100 / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? 100 - each * (n - 1) : each));
}

/** The organiser publishes: places (the ranking by default) and, with a pool held, the prize split. */
export function PublishForm({
  results,
  escrow,
  publishing,
  onPublish,
}: {
  results: HackathonResults;
  escrow: PrizeEscrow | null;
  publishing: boolean;
  onPublish: (body: PublishResultsBody) => void;
}) {
  const ranked = results.rows.filter((r) => r.normalized !== null);
  const options = results.rows.map((r) => ({
    value: r.submissionId,
    label: `${r.projectTitle} (${r.teamName})`,
  }));
  const [count, setCount] = useState<number>(
    Math.max(1, Math.min(DEFAULT_PLACES, ranked.length || results.rows.length)),
  );
  const [places, setPlaces] = useState<(string | null)[]>(() =>
    Array.from({ length: 10 }, (_, i) => (ranked[i] ?? results.rows[i])?.submissionId ?? null),
  );
  const [percents, setPercents] = useState<number[]>(() => defaultSplit(count));
  const [error, setError] = useState<string | null>(null);
  const held = escrow?.state === 'held';
  const total = percents.slice(0, count).reduce((a, p) => a + p, 0);

  const changeCount = (n: number) => {
    setCount(n);
    setPercents(defaultSplit(n));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = places.slice(0, count);
    if (chosen.some((p) => !p)) {
      setError('Choose a project for every place');
      return;
    }
    const parsed = PublishResultsBody.safeParse({
      places: chosen,
      ...(held
        ? { prizeSplit: percents.slice(0, count).map((percent, i) => ({ place: i + 1, percent })) }
        : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the places');
      return;
    }
    if (new Set(chosen).size !== chosen.length) {
      setError('A project can hold one place only');
      return;
    }
    setError(null);
    onPublish(parsed.data);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-labelledby="publish-title">
      <Title order={3} id="publish-title" mb="xs">
        Publish the results
      </Title>
      <Stack gap="sm">
        <NumberInput
          label="Places"
          min={1}
          max={Math.min(10, results.rows.length)}
          value={count}
          onChange={(v) => changeCount(Math.max(1, Math.min(10, Number(v) || 1)))}
          maw={120}
        />
        {Array.from({ length: count }, (_, i) => i + 1).map((place) => {
          const i = place - 1;
          return (
            <Group key={`place-${place}`} gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={`Place ${i + 1}`}
                data={options}
                value={places[i] ?? null}
                onChange={(v) => setPlaces((ps) => ps.map((p, n) => (n === i ? v : p)))}
                flex="1 1 240px"
              />
              {held ? (
                <NumberInput
                  label={`Place ${i + 1} share (%)`}
                  min={1}
                  max={100}
                  allowDecimal={false}
                  value={percents[i] ?? 0}
                  onChange={(v) => setPercents((ps) => ps.map((p, n) => (n === i ? Number(v) || 0 : p)))}
                  w={140}
                />
              ) : null}
            </Group>
          );
        })}
        {held ? (
          <Text size="sm" c={total === 100 ? 'dimmed' : 'red'} data-testid="split-total">
            {formatRupees(escrow.amount)} in escrow · split {total}% of 100% · each place’s share is divided
            equally among its team’s members
          </Text>
        ) : null}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Publishing makes the winners public, releases the judges’ comments to each team and notifies every
          participant. It cannot be undone.
        </Text>
        <Button type="submit" loading={publishing} className={u.selfStart}>
          Publish results
        </Button>
      </Stack>
    </Paper>
  );
}
