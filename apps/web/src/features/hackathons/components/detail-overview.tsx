import type { Hackathon, HackathonSubmission } from '@agora/shared';
import { Badge, Group, Stack, Title } from '@mantine/core';
import { useAuth } from '../../../lib/auth-store';
import { LegacyResults, Section } from './detail-sections';
import { OrganizerSections } from './organizer-sections';
import { ProjectSubmissionForm } from './project-submission-form';
import { CriteriaCard } from './results/criteria-card';
import { PeoplesChoice } from './results/peoples-choice';
import { PublishedResults } from './results/published-results';
import { SubmissionItem } from './submission-item';

/**
 * The Overview tab: results once there are any, what the hackathon is about, the viewer's own
 * project (and its form while it runs), and the organiser's lists.
 */
export function DetailOverview({
  hackathon: h,
  canManage,
  ownSubmission,
}: {
  hackathon: Hackathon;
  canManage: boolean;
  ownSubmission: HackathonSubmission | undefined;
}) {
  const { user } = useAuth();
  const published = h.resultsPublishedAt !== null;
  return (
    <Stack gap="lg">
      {published ? (
        <PublishedResults hackathonId={h._id} />
      ) : h.phase === 'past' ? (
        <LegacyResults results={h.results ?? []} />
      ) : null}
      {!published && h.status === 'published' && h.phase === 'past' && user ? (
        <PeoplesChoice hackathonId={h._id} />
      ) : null}
      <Section title="About this hackathon">{h.description}</Section>
      {h.requirements ? <Section title="Requirements">{h.requirements}</Section> : null}
      {h.criteria.length ? <CriteriaCard criteria={h.criteria} /> : null}
      {h.prizes.judgingCriteria ? (
        <Section title="Judging Criteria">{h.prizes.judgingCriteria}</Section>
      ) : null}
      {h.additionalInfo ? <Section title="Additional Information">{h.additionalInfo}</Section> : null}
      {h.tags.length ? (
        <Group gap={6}>
          {h.tags.map((t) => (
            <Badge key={t} variant="outline" color="gray" tt="none">
              #{t}
            </Badge>
          ))}
        </Group>
      ) : null}
      {ownSubmission ? (
        <Stack gap="xs">
          <Title order={3}>Your Submission</Title>
          <SubmissionItem submission={ownSubmission} />
        </Stack>
      ) : null}
      {h.isRegistered && h.phase === 'open' ? (
        <ProjectSubmissionForm hackathonId={h._id} submission={ownSubmission} />
      ) : null}
      {canManage ? <OrganizerSections hackathon={h} /> : null}
    </Stack>
  );
}
