import { MSG } from '@agora/shared';
import { Button, Container, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMyOrganized, useMyRegistrations } from '../api/my-hackathons';
import { MyHackathonsList } from '../components/mine/my-hackathons-list';
import { OrganizedCard } from '../components/mine/organized-card';
import { ParticipatedCard } from '../components/mine/participated-card';

/** /my-hackathons — Organized and Participated (spec 03 §2); requires a token. */
export function MyHackathonsPage() {
  const organized = useMyOrganized();
  const participated = useMyRegistrations();
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  useDocumentTitle('My Hackathons — Agora');

  const organizedCount = organized.data?.pages[0]?.total ?? 0;
  const participatedCount = participated.data?.pages[0]?.total ?? 0;

  return (
    <Container size="lg" py="xl">
      <Button
        variant="subtle"
        component={Link}
        to="/profile"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        Back to Profile
      </Button>
      <Title order={1} mb="lg">
        My Hackathons
      </Title>
      {/* Opens on the tab that has content: Participated for someone who only joined. */}
      <Tabs
        value={chosenTab ?? (organizedCount === 0 && participatedCount > 0 ? 'participated' : 'organized')}
        onChange={setChosenTab}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="organized">Organized ({organizedCount})</Tabs.Tab>
          <Tabs.Tab value="participated">Participated ({participatedCount})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="organized">
          <MyHackathonsList
            query={organized}
            cols={{ base: 1, md: 2 }}
            empty={{
              title: MSG.noOrganizedHackathons,
              action: (
                <Button mt="sm" component={Link} to="/conduct-hackathon">
                  Create Your First Hackathon
                </Button>
              ),
            }}
            card={(h) => <OrganizedCard key={h._id} h={h} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="participated">
          <MyHackathonsList
            query={participated}
            cols={{ base: 1, sm: 2, lg: 3 }}
            empty={{
              title: MSG.noParticipatedHackathons,
              action: (
                <Button mt="sm" component={Link} to="/hackathons">
                  Browse Hackathons
                </Button>
              ),
            }}
            card={(h) => <ParticipatedCard key={h._id} h={h} />}
          />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
