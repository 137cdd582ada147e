import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconBolt, IconNetwork, IconSearch, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../components/feature-card';
import { InfoHero, InfoSection } from '../components/info-hero';

/** spec 03 §2 /jobhubs-portal-info. */
export function JobhubsPortalInfoPage() {
  return (
    <>
      <InfoHero color="orange" eyebrow="Jobs Hub" title="Where Talent Meets Opportunity">
        Roles in engineering, product, design, data, sales and more, each showing how it matches your skills,
        level and location — and who you know at the company.
      </InfoHero>
      <InfoSection title="Why Jobs Hub">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          <FeatureCard color="orange" icon={<IconBriefcase size={24} />} title="Diverse Opportunities">
            Full-time, part-time, contract, freelance and internships, from first jobs to executive roles.
          </FeatureCard>
          <FeatureCard color="orange" icon={<IconSparkles size={24} />} title="Smart Matching">
            Add your skills or a résumé and every job says how you match — "7 of 9 skills, missing Docker" —
            with the best matches first. Save a search to hear of new ones at once, daily or weekly.
          </FeatureCard>
          <FeatureCard color="orange" icon={<IconBolt size={24} />} title="Quick Applications">
            Apply in one step with the résumé on your profile, answer the employer's questions, and follow
            your application from submitted to offer.
          </FeatureCard>
          <FeatureCard color="orange" icon={<IconNetwork size={24} />} title="Professional Network">
            See the people you follow, or who follow you, at the hiring company, and ask one of them to refer
            your application.
          </FeatureCard>
        </SimpleGrid>
      </InfoSection>
      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} fz={{ base: 24, sm: 32 }}>
            Ready to Find Your Dream Job?
          </Title>
          <Text c="dimmed">Hiring? Post a role and reach people who build, answer and share every day.</Text>
          <Group justify="center" mt="sm">
            <Button
              component={Link}
              to="/create-job"
              color="orange"
              size="md"
              leftSection={<IconBriefcase size={18} />}
            >
              Post a Job
            </Button>
            <Button
              component={Link}
              to="/jobhubs"
              variant="default"
              size="md"
              leftSection={<IconSearch size={18} />}
            >
              Browse Jobs
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
