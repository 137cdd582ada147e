import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconBrain,
  IconCategory,
  IconCoinRupee,
  IconHandClick,
  IconMessage,
  IconPencil,
  IconShieldCheck,
  IconTrophy,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureCard } from '../components/feature-card';
import { InfoHero, InfoSection } from '../components/info-hero';

/** spec 03 §2 /question-portal-info: hero, How It Works for askers and answerers, Why Choose. */
export function QuestionPortalInfoPage() {
  return (
    <>
      <InfoHero
        color="teal"
        eyebrow="Inquiry Space"
        title="Ask. Answer. Get rewarded."
        actions={
          <Button
            component={Link}
            to="/questions"
            size="md"
            color="teal"
            rightSection={<IconArrowRight size={18} />}
          >
            Explore How It Works
          </Button>
        }
      >
        Post a question with a reward and get answers from people who know the subject. The best answers are
        paid — so expertise finally has a price, and help arrives faster.
      </InfoHero>

      <InfoSection title="How It Works" description="Two sides of the same conversation.">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <Title order={3} size="h4" c="teal.9">
              If you are asking
            </Title>
            <FeatureCard step={1} color="teal" icon={<IconCoinRupee size={24} />} title="Ask with a reward">
              Describe your problem, choose one of eight categories and set the reward you offer (above a
              small minimum). It is paid up front, so answerers know it is real.
            </FeatureCard>
            <FeatureCard step={2} color="teal" icon={<IconBrain size={24} />} title="AI-powered sorting">
              When answers arrive, rank them with AI: the most relevant, correct and complete answers rise to
              the top, each with a one-line reason.
            </FeatureCard>
            <FeatureCard step={3} color="teal" icon={<IconTrophy size={24} />} title="Reward the best">
              Pick the answers that helped and split the reward between them. The money goes straight to their
              wallets.
            </FeatureCard>
          </Stack>
          <Stack gap="md">
            <Title order={3} size="h4" c="teal.9">
              If you are answering
            </Title>
            <FeatureCard step={1} color="teal" icon={<IconHandClick size={24} />} title="Pick a question">
              Browse open questions by category and reward, and choose one you can answer well.
            </FeatureCard>
            <FeatureCard step={2} color="teal" icon={<IconPencil size={24} />} title="Share your insight">
              Write a clear answer and attach files if they help. One answer per person per question keeps the
              quality high.
            </FeatureCard>
            <FeatureCard step={3} color="teal" icon={<IconWallet size={24} />} title="Get rewarded">
              Rewards land in your wallet. Withdraw to your UPI id or bank account whenever you like.
            </FeatureCard>
          </Stack>
        </SimpleGrid>
      </InfoSection>

      <InfoSection title="Why Choose Inquiry Space" tinted>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          <FeatureCard color="teal" icon={<IconShieldCheck size={24} />} title="Rewards that are real">
            Every reward is paid before the question goes live and is held until the asker distributes it.
          </FeatureCard>
          <FeatureCard color="teal" icon={<IconBrain size={24} />} title="Fair, explained ranking">
            AI ranking looks at relevance, correctness and completeness — not at who answered first.
          </FeatureCard>
          <FeatureCard color="teal" icon={<IconCategory size={24} />} title="Eight focused categories">
            Technology, Business, Education, Health & Wellness, Creative Arts, Science, Lifestyle and Other.
          </FeatureCard>
          <FeatureCard color="teal" icon={<IconMessage size={24} />} title="Answers stay private">
            Only the asker sees every answer; each answerer sees their own. Nobody copies your work.
          </FeatureCard>
        </SimpleGrid>
      </InfoSection>

      <Container size="md" py={{ base: 40, sm: 64 }}>
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} fz={{ base: 24, sm: 30 }}>
            Have a question, or an answer?
          </Title>
          <Text c="dimmed">Open questions are waiting, and so are the people who can answer yours.</Text>
          <Group justify="center" mt="sm">
            <Button
              component={Link}
              to="/questions"
              color="teal"
              size="md"
              rightSection={<IconArrowRight size={18} />}
            >
              Continue to Inquiry Space
            </Button>
            <Button
              component={Link}
              to="/portals"
              variant="default"
              size="md"
              leftSection={<IconArrowLeft size={18} />}
            >
              Back to Portals
            </Button>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
