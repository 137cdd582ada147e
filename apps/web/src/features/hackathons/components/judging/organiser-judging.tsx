import type { Hackathon } from '@agora/shared';
import { Stack } from '@mantine/core';
import { JudgesPanel } from './judges-panel';
import { JudgingSettingsForm } from './judging-settings-form';
import { OrganiserResults } from './organiser-results';
import { PrizeFunding } from './prize-funding';

/** The organiser's Judging tab: team size and criteria, judges and progress, the prize pool, results. */
export function OrganiserJudging({ hackathon: h }: { hackathon: Hackathon }) {
  const published = h.resultsPublishedAt !== null;
  return (
    <Stack gap="lg">
      {h.phase !== 'past' ? <JudgingSettingsForm hackathon={h} /> : null}
      <JudgesPanel hackathonId={h._id} published={published} />
      <PrizeFunding hackathon={h} />
      <OrganiserResults hackathon={h} />
    </Stack>
  );
}
