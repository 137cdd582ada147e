import { type IdeaDetail, QUESTION_CATEGORIES, type QuestionCategory } from '@agora/shared';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCoin, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { rupees } from '../../../lib/money';

/** The idea's words for the ask form ("Offer a bounty"), its category where the ask form has it. */
export function bountyLink(idea: Pick<IdeaDetail, '_id' | 'title' | 'description' | 'category'>): string {
  const params = new URLSearchParams({
    ideaId: idea._id,
    title: idea.title,
    description: idea.description,
  });
  if (QUESTION_CATEGORIES.includes(idea.category as QuestionCategory)) params.set('category', idea.category);
  return `/ask-question?${params.toString()}`;
}

/** The idea's words for the organiser form ("Propose as a hackathon challenge"). */
export function hackathonLink(idea: Pick<IdeaDetail, '_id' | 'title' | 'description'>): string {
  const params = new URLSearchParams({
    ideaId: idea._id,
    title: idea.title,
    description: idea.description,
  });
  return `/conduct-hackathon?${params.toString()}`;
}

/**
 * From an idea to money or a team: offer a bounty on it or propose it as a hackathon challenge;
 * the bounties and hackathons it led to.
 */
export function IdeaNextSteps({ idea, signedIn }: { idea: IdeaDetail; signedIn: boolean }) {
  const none = idea.bounties.length === 0 && idea.hackathons.length === 0;
  return (
    <Stack gap="sm" data-testid="idea-next-steps">
      <Title order={2} size="h4">
        Make it real
      </Title>
      {none ? (
        <Text size="sm" c="dimmed">
          Put a reward on the first step, and answerers build it, or propose it as a hackathon challenge and
          teams build it.
        </Text>
      ) : null}
      {idea.bounties.map((b) => (
        <Group key={b._id} gap="xs" data-testid="idea-bounty">
          <IconCoin size={16} aria-hidden />
          <Anchor component={Link} to={`/question/${b._id}`}>
            {b.title}
          </Anchor>
          <Badge variant="light" tt="none">
            {rupees(b.reward)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {b.status}
          </Badge>
        </Group>
      ))}
      {idea.hackathons.map((h) => (
        <Group key={h._id} gap="xs" data-testid="idea-hackathon">
          <IconTrophy size={16} aria-hidden />
          <Anchor component={Link} to={`/hackathon/${h._id}`}>
            {h.title}
          </Anchor>
          <Badge variant="outline" color="gray" tt="none">
            Hackathon · {h.status}
          </Badge>
        </Group>
      ))}
      {signedIn && !idea.hidden ? (
        <Group gap="sm">
          <Button component={Link} to={bountyLink(idea)} variant="light" leftSection={<IconCoin size={16} />}>
            Offer a bounty
          </Button>
          <Button
            component={Link}
            to={hackathonLink(idea)}
            variant="light"
            color="grape"
            leftSection={<IconTrophy size={16} />}
          >
            Propose as a hackathon challenge
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
