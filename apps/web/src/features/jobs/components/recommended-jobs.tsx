import { matchSummary } from '@agora/shared';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { useRecommendedJobs } from '../api/recommended-jobs';
import { companyLabel } from '../lib/job-display';
import { matchColor } from './match-summary';

/**
 * "Recommended for you" on /jobhubs: the signed-in viewer's best matches (sort=match). Without a
 * skill on their profile or in their résumé, a link to add some instead (a score from level and
 * location alone recommends nothing). Loaded lazily: visitors never download it.
 */
export function RecommendedJobs() {
  const { user } = useAuth();
  const list = useRecommendedJobs(user?.id ?? null);
  // A recommendation shares at least one skill: level and location alone recommend nothing.
  const jobs = (list.data?.jobs ?? []).filter((j) => (j.match?.matched.length ?? 0) > 0);
  const profileSkills = (user?.skills?.length ?? 0) + (user?.inferredSkills?.length ?? 0);
  const hasSkills = profileSkills > 0 || jobs.length > 0;
  if (!user || list.isPending || list.isError) return null;
  if (!hasSkills) {
    return (
      <Text size="sm" data-testid="add-skills">
        <Anchor component={Link} to="/profile">
          Add your skills to see jobs matched to you
        </Anchor>
      </Text>
    );
  }
  if (jobs.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="recommended-title" data-testid="recommended-jobs">
      <Group gap={6}>
        <IconSparkles size={18} aria-hidden />
        <Title order={2} size="h4" id="recommended-title">
          Recommended for you
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {jobs.map((job) => (
          <Card key={job._id} withBorder radius="md" padding="sm" component="article">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Anchor component={Link} to={`/job/${job._id}`} fw={600} lineClamp={1}>
                  {job.title}
                </Anchor>
                {job.match ? (
                  <Badge color={matchColor(job.match.score)} variant="light" tt="none" flex="none">
                    {job.match.score}%
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed" truncate>
                {companyLabel(job)}
              </Text>
              {job.match ? (
                <Text size="xs" lineClamp={2}>
                  {matchSummary(job.match) ?? 'Matched on level and location'}
                </Text>
              ) : null}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
