import { Button, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconBulb, IconSearch, IconTags, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../components/feature-card';
import { InfoHero, InfoSection } from '../components/info-hero';

/** spec 02 §2 / 03 §2 /ideas-portal-info. */
export function IdeasPortalInfoPage() {
  return (
    <>
      <InfoHero
        color="grape"
        eyebrow="Innovators Space"
        title="Where Ideas Find Their Future"
        actions={
          <>
            <Button component={Link} to="/share-idea" size="md" leftSection={<IconBulb size={18} />}>
              Share Idea
            </Button>
            <Button
              component={Link}
              to="/ideas"
              size="md"
              variant="default"
              leftSection={<IconSearch size={18} />}
            >
              Discover Ideas
            </Button>
          </>
        }
      >
        Startup concepts, product improvements, visions of future technology: publish yours, find people who
        care about it, and turn a thought into something that gets built.
      </InfoHero>

      <InfoSection title="How it works" description="Four steps from a spark to a team.">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          <FeatureCard step={1} color="grape" icon={<IconBulb size={24} />} title="Anyone can share ideas">
            Students, professionals, founders and dreamers alike: publish an idea in minutes with a title, a
            category and a few tags.
          </FeatureCard>
          <FeatureCard
            step={2}
            color="grape"
            icon={<IconTags size={24} />}
            title="Tag companies, suggest features"
          >
            Have a feature in mind for a product you use? Tag the company, describe it, and attach documents
            or visuals that make your case.
          </FeatureCard>
          <FeatureCard
            step={3}
            color="grape"
            icon={<IconBuildingCommunity size={24} />}
            title="Highlight innovations"
          >
            Point governments and organisations to ideas that could improve public services, policy and
            communities — tag them so they see it.
          </FeatureCard>
          <FeatureCard step={4} color="grape" icon={<IconUsersGroup size={24} />} title="Collaborate">
            Work with innovators, mentors and experts: gather likes and comments, follow the people whose
            ideas inspire you, and build together.
          </FeatureCard>
        </SimpleGrid>
      </InfoSection>

      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} fz={{ base: 24, sm: 32 }}>
            Ready to Get Started?
          </Title>
          <Text size="lg" c="dimmed">
            Publish. Collaborate. Get discovered. Build together.
          </Text>
          <Button component={Link} to="/ideas" size="md" mt="sm">
            Start Free Today
          </Button>
        </Stack>
      </Container>
    </>
  );
}
