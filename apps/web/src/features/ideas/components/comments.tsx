import { CommentBody, IDEA_COMMENT_MAX_CHARS, type IdeaComment, MSG, plural } from '@agora/shared';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { RelativeTime } from '../../../components/relative-time';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { validateAll, zodValidate } from '../../../lib/form';
import { useEarlierComments } from '../api/comments';
import { useAddComment, useDeleteComment } from '../api/idea-actions';
import { notifyLoginRequired } from '../lib/login-required';
import { Hint } from '../../../components/hint';
import { showError } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/** The comment box, checked with the server's CommentBody (MSG.enterComment when blank). */
const validateComment = zodValidate(CommentBody);

/** Comments of an idea: the list, the form, and delete on one's own comments (spec 02 §6). */
export function Comments({
  ideaId,
  comments: latest,
  commentsCursor = null,
  commentCount,
  readOnly = false,
}: {
  ideaId: string;
  /** The latest comments (the idea detail's), oldest first. */
  comments: IdeaComment[];
  /** Where earlier comments start (IdeaDetail.commentsCursor); null when `comments` holds them all. */
  commentsCursor?: string | null;
  commentCount: number;
  /** A hidden idea takes no new comments. */
  readOnly?: boolean;
}) {
  const { user, isLoggedIn } = useAuth();
  const form = useForm({ mode: 'controlled', initialValues: { content: '' }, validate: validateComment });
  const add = useAddComment(ideaId);
  const remove = useDeleteComment(ideaId);
  const [showEarlier, setShowEarlier] = useState(false);
  const earlier = useEarlierComments(ideaId, commentsCursor, showEarlier);
  // Earlier pages go back in time: the last loaded page is the oldest. Each comment once.
  const comments = useMemo(() => {
    const older = [...(earlier.data?.pages ?? [])].reverse().flatMap((p) => p.items);
    const seen = new Set<string>();
    return [...older, ...latest].filter((c) => !seen.has(c._id) && Boolean(seen.add(c._id)));
  }, [earlier.data, latest]);
  const moreEarlier = commentsCursor !== null && (!earlier.data || earlier.hasNextPage);
  const loadEarlier = () => {
    if (!showEarlier) setShowEarlier(true);
    else void earlier.fetchNextPage();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!isLoggedIn) return notifyLoginRequired('comment');
    if (validateAll(form, ['content'])) return;
    add.mutate(form.getValues().content, {
      onSuccess: () => form.reset(),
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) return;
        showError(err, 'Please try again.', MSG.ideaCommentFailed);
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title">
        Comments ({commentCount})
      </Title>
      {moreEarlier ? (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            onClick={loadEarlier}
            loading={earlier.isFetching}
            disabled={earlier.isError && !earlier.isFetchNextPageError}
          >
            Show earlier comments
          </Button>
          <Text size="xs" c="dimmed">
            Showing the latest {comments.length} of {plural(commentCount, 'comment')}.
          </Text>
        </Group>
      ) : null}
      {earlier.isError ? (
        <Group gap="xs">
          <Text size="xs" c="red">
            Could not load earlier comments.
          </Text>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => void (earlier.isFetchNextPageError ? earlier.fetchNextPage() : earlier.refetch())}
          >
            Retry
          </Button>
        </Group>
      ) : null}
      {comments.map((c) => (
        <Paper key={c._id} withBorder p="sm" radius="sm" component="article">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div className={u.minW0}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {c.author.displayName}
                </Text>
                <Text size="xs" c="dimmed" component="span">
                  <RelativeTime date={c.createdAt} />
                </Text>
              </Group>
              <Text size="sm" className={u.preWrapBreakWord}>
                {c.content}
              </Text>
            </div>
            {user?.id === c.author.id ? (
              <Hint label="Delete comment">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Delete comment"
                  loading={remove.isPending && remove.variables === c._id}
                  onClick={() =>
                    remove.mutate(c._id, {
                      onError: (err) => showError(err, 'Please try again.', MSG.ideaDeleteFailed),
                    })
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Hint>
            ) : null}
          </Group>
        </Paper>
      ))}
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet. Start the conversation.
        </Text>
      ) : null}
      {readOnly ? null : (
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              aria-label="Write a comment"
              placeholder={isLoggedIn ? 'Write a comment...' : 'Login to comment'}
              autosize
              minRows={2}
              // No maxLength: a pasted comment over the limit would be cut without a word. The
              // counter shows the length and the schema refuses an over-long one (MSG.commentTooLong).
              {...form.getInputProps('content')}
              description={
                <span data-testid="comment-counter" aria-live="polite">
                  {form.values.content.length.toLocaleString('en-IN')} /{' '}
                  {IDEA_COMMENT_MAX_CHARS.toLocaleString('en-IN')} characters
                </span>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending}>
                Post Comment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
