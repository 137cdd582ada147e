import { CATEGORY_FOLLOW_TEXT, type PublicUser } from '@agora/shared';
import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client';
import { useFollowedCategories, useSetCategoryFollow } from '../../../lib/category-follows';
import { useUpdateMe } from '../api/me';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/**
 * The profile's question alerts: the categories followed (each with Unfollow) and the opt-in to a
 * daily e-mail digest of new questions in them (PUT /api/users/me { categoryDigest }).
 */
export function CategoryAlertsCard({ user }: { user: PublicUser }) {
  const followed = useFollowedCategories();
  const setFollow = useSetCategoryFollow();
  const update = useUpdateMe();
  const digest = user.categoryDigest ?? false;

  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      mt="xl"
      component="section"
      aria-labelledby="category-alerts-title"
    >
      <Title order={2} size="h4" id="category-alerts-title" mb="sm">
        {CATEGORY_FOLLOW_TEXT.followedHeading}
      </Title>
      <Stack gap="sm">
        {followed.isPending ? (
          <Skeleton h={20} w="50%" />
        ) : followed.isError ? (
          // A quiet line, not an alert: the profile's form owns the page's one alert.
          <Text c="red" size="sm">
            {errorMessage(followed.error, 'Failed to load your categories')}
          </Text>
        ) : followed.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {CATEGORY_FOLLOW_TEXT.noneFollowed}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" className={u.plainList}>
            {followed.data.map((c) => (
              <Group key={c} component="li" justify="space-between" wrap="nowrap">
                <Text>{c}</Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={CATEGORY_FOLLOW_TEXT.unfollowLabel(c)}
                  loading={setFollow.isPending && setFollow.variables?.category === c}
                  onClick={() =>
                    setFollow.mutate(
                      { category: c, follow: false },
                      {
                        onError: (err) => showError(err, 'Could not unfollow'),
                      },
                    )
                  }
                >
                  {CATEGORY_FOLLOW_TEXT.unfollow}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Switch
          mt="sm"
          label={CATEGORY_FOLLOW_TEXT.digestLabel}
          checked={digest}
          disabled={update.isPending}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            update.mutate(
              { categoryDigest: on },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    message: on ? CATEGORY_FOLLOW_TEXT.digestOn : CATEGORY_FOLLOW_TEXT.digestOff,
                  }),
                onError: (err) => showError(err, 'Could not save the setting'),
              },
            );
          }}
        />
      </Stack>
    </Card>
  );
}
