import type { Idea } from '@agora/shared';
import { ActionIcon, Anchor, AspectRatio, Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconEye, IconMessageCircle, IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Hint } from '../../../components/hint';
import { StatCount } from '../../../components/stat-count';
import { RelativeTime } from '../../../components/relative-time';
import { FollowButton } from './follow-button';
import { IdeaStatusBadge } from './idea-status-badge';
import { IdeaTags } from './idea-tags';
import { LikeButton } from './like-button';
import u from '../../../components/utilities.module.css';

/** An idea in the listing (spec 02 §2). */
export function IdeaCard({ idea, onShare }: { idea: Idea; onShare: (idea: Idea) => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`idea-${idea._id}-title`}>
      {idea.cover ? (
        // The box keeps its size before the image arrives (no layout shift); images below the fold wait.
        <Card.Section mb="sm">
          <AspectRatio ratio={16 / 7}>
            <Image
              src={idea.cover}
              alt=""
              loading="lazy"
              decoding="async"
              width={640}
              height={280}
              fit="cover"
            />
          </AspectRatio>
        </Card.Section>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Anchor
            component={Link}
            to={`/idea/${idea._id}`}
            id={`idea-${idea._id}-title`}
            fw={700}
            size="lg"
            c="inherit"
            className={u.breakWord}
          >
            {idea.title}
          </Anchor>
          <Group gap={4} wrap="nowrap" className={u.noShrink}>
            {idea.status !== 'new' ? <IdeaStatusBadge status={idea.status} /> : null}
            <Badge variant="light" tt="none">
              {idea.category}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} className={u.preLineBreakWord}>
          {idea.description}
        </Text>
        <IdeaTags tags={idea.tags} />
        <Group justify="space-between" gap="xs">
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {idea.author.displayName}
            </Text>
            <Text size="xs" c="dimmed" component="span">
              · <RelativeTime date={idea.createdAt} />
            </Text>
            <FollowButton author={idea.author} followed={idea.authorFollowed} size="compact-xs" />
          </Group>
          <Group gap={4}>
            <LikeButton idea={idea} />
            <StatCount
              icon={<IconMessageCircle size={16} aria-hidden />}
              count={idea.commentCount}
              noun="comment"
              size="sm"
              px={6}
            />
            <StatCount
              icon={<IconEye size={16} aria-hidden />}
              count={idea.views}
              noun="view"
              size="sm"
              px={6}
            />
            <Hint label="Share">
              <ActionIcon variant="subtle" color="gray" aria-label="Share idea" onClick={() => onShare(idea)}>
                <IconShare size={16} />
              </ActionIcon>
            </Hint>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
