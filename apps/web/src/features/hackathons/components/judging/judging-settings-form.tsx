import { HACKATHON_TEAMS, type Hackathon, JudgingSettingsBody } from '@agora/shared';
import { ActionIcon, Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useJudgingSettings } from '../../api/judging';

type Row = { name: string; weight: number | string };

/** The organiser's team size and weighted criteria (until the hackathon ends). */
export function JudgingSettingsForm({ hackathon: h }: { hackathon: Hackathon }) {
  const save = useJudgingSettings(h._id);
  const [size, setSize] = useState<number | string>(h.maxTeamSize);
  const [rows, setRows] = useState<Row[]>(h.criteria.length ? h.criteria : [{ name: '', weight: 1 }]);
  const [error, setError] = useState<string | null>(null);
  const locked = h.phase === 'past';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = JudgingSettingsBody.safeParse({
      maxTeamSize: Number(size),
      criteria: rows.map((r) => ({ name: r.name, weight: Number(r.weight) })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the settings');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  const set = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, n) => (n === i ? { ...r, ...patch } : r)));

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-labelledby="settings-title">
      <Title order={3} id="settings-title" mb="xs">
        Teams and criteria
      </Title>
      <Stack gap="sm">
        <NumberInput
          label="Largest team"
          min={HACKATHON_TEAMS.teamSizeMin}
          max={HACKATHON_TEAMS.teamSizeMax}
          value={size}
          onChange={setSize}
          disabled={locked}
          maw={160}
        />
        <Text size="sm" fw={600}>
          Criteria (each scored 1–5; weights are relative)
        </Text>
        {rows.map((r, i) => (
          // Rows are edited in place and have no id of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: positional rows
          <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={`Criterion ${i + 1}`}
              value={r.name}
              maxLength={HACKATHON_TEAMS.criterionNameMax}
              onChange={(e) => set(i, { name: e.currentTarget.value })}
              disabled={locked}
              flex={1}
            />
            <NumberInput
              label="Weight"
              min={1}
              max={HACKATHON_TEAMS.criterionWeightMax}
              value={r.weight}
              onChange={(v) => set(i, { weight: v })}
              disabled={locked}
              w={90}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove criterion ${i + 1}`}
              disabled={locked || rows.length === 1}
              onClick={() => setRows((rs) => rs.filter((_, n) => n !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={locked || rows.length >= HACKATHON_TEAMS.criteriaMax}
            onClick={() => setRows((rs) => [...rs, { name: '', weight: 1 }])}
          >
            Add criterion
          </Button>
          <Button type="submit" loading={save.isPending} disabled={locked}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
