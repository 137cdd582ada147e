import type { IdeaDetail } from '@agora/shared';
import { Badge, Group, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/relative-time';
import { IdeaOrganizationsEditor } from '../../organizations/components/idea-organizations-editor';
import { OrganizationBadge } from '../../organizations/components/organization-badge';
import { useFollowerCount } from '../api/follows';
import { FollowButton } from './follow-button';
import { IdeaAttachments } from './idea-attachments';
import classes from './idea-detail.module.css';

/** The author's follower count (spec 02 §4, §7), kept current by the follow/unfollow answers. */
function AuthorFollowers({ authorId }: { authorId: string }) {
  const count = useFollowerCount(authorId);
  if (!count.data) return null;
  const n = count.data.count;
  return (
    <Text size="sm" c="dimmed" data-testid="author-follower-count">
      {n} {n === 1 ? 'follower' : 'followers'}
    </Text>
  );
}

/**
 * The idea itself on /idea/{id}: title and badges, the author, the text with its files, tags and
 * tagged organisations (the author edits those), and how to reach the author.
 */
export function IdeaBody({
  idea: d,
  mine,
  onOrganizationsSaved,
}: {
  idea: IdeaDetail;
  mine: boolean;
  onOrganizationsSaved: () => void;
}) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2" className={classes.title}>
          {d.title}
        </Title>
        <Group gap={4} flex="none">
          {d.hidden ? (
            <Badge color="gray" leftSection={<IconEyeOff size={12} />}>
              {d.hiddenByAdmin ? 'Hidden by a moderator' : 'Hidden'}
            </Badge>
          ) : null}
          <Badge variant="light" tt="none">
            {d.category}
          </Badge>
        </Group>
      </Group>
      <Group gap="xs">
        <Text fw={600}>{d.author.displayName}</Text>
        <Text size="sm" c="dimmed" component="span">
          · <RelativeTime date={d.createdAt} />
        </Text>
        <FollowButton author={d.author} followed={d.authorFollowed} />
        <AuthorFollowers authorId={d.author.id} />
      </Group>
      <Text className={classes.text}>{d.description}</Text>
      <IdeaAttachments idea={d} mine={mine} />
      {d.tags.length > 0 ? (
        <Group gap={4}>
          {d.tags.map((t) => (
            <Badge key={t} variant="outline" color="gray" tt="none">
              #{t}
            </Badge>
          ))}
        </Group>
      ) : null}
      {d.organizations.length > 0 ? (
        <Group gap={6} data-testid="idea-organizations">
          <Text size="sm" c="dimmed">
            Tagged:
          </Text>
          {d.organizations.map((o) => (
            <OrganizationBadge key={o._id} org={o} />
          ))}
        </Group>
      ) : null}
      {mine && !d.hidden ? (
        <IdeaOrganizationsEditor ideaId={d._id} current={d.organizations} onSaved={onOrganizationsSaved} />
      ) : null}
      {d.contactInfo ? (
        <Text size="sm">
          <Text span fw={600}>
            Contact:{' '}
          </Text>
          {d.contactInfo}
        </Text>
      ) : null}
    </>
  );
}
