import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHeart } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { useToggleLike } from '../api/idea-actions';
import { useIdeaSearch } from '../api/search-ideas';

/**
 * While a new idea's title is typed, the same search as the top bar shows existing ideas that look
 * alike, so a duplicate is noticed before posting. Links open in a new tab to keep the draft.
 */
export function SimilarIdeas({ title }: { title: string }) {
  const [q] = useDebouncedValue(title.trim().length >= 3 ? title.trim() : '', 300);
  // Any shared word counts: a duplicate rarely repeats the exact title.
  const search = useIdeaSearch(q, 'any');
  const { isLoggedIn } = useAuth();
  const like = useToggleLike();
  // Ideas liked from here: instead of posting a duplicate, the author backs the existing one.
  const [liked, setLiked] = useState<Set<string>>(new Set());
  if (!q) return null;
  if (search.isFetching && !search.data) return <Loader size="xs" aria-label="Looking for similar ideas" />;
  const hits = (search.data ?? []).slice(0, 5);
  if (hits.length === 0) return null;
  return (
    <Paper withBorder p="xs" radius="sm" bg="grape.0" aria-label="Similar ideas">
      <Text size="xs" fw={700} mb={4}>
        Similar ideas already shared
      </Text>
      <Stack gap={4}>
        {hits.map((h) => (
          <Group key={h._id} gap="xs" wrap="nowrap" justify="space-between">
            <Anchor href={`/idea/${h._id}`} target="_blank" rel="noopener" size="sm" lineClamp={1}>
              {h.title}
            </Anchor>
            <Group gap={2} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {h.category}
              </Text>
              <IconHeart size={12} aria-hidden />
              <Text size="xs">{h.likes}</Text>
              {isLoggedIn ? (
                <Button
                  size="compact-xs"
                  variant={liked.has(h._id) ? 'light' : 'subtle'}
                  disabled={liked.has(h._id)}
                  onClick={() =>
                    like.mutate(h, {
                      onSuccess: (r) => {
                        if (r.liked) setLiked((s) => new Set(s).add(h._id));
                        // It was liked already and the toggle took that back: like it again.
                        else like.mutate(h, { onSuccess: () => setLiked((s) => new Set(s).add(h._id)) });
                      },
                    })
                  }
                  aria-label={`Like "${h.title}" instead`}
                >
                  {liked.has(h._id) ? 'Liked' : 'Like this instead'}
                </Button>
              ) : null}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
