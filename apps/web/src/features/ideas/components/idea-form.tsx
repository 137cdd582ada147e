import { type Idea, LIMITS, MSG, normalizeTags } from '@agora/shared';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useCreateIdea } from '../api/idea-actions';
import { SimilarIdeas } from './similar-ideas';

interface Values {
  title: string;
  description: string;
  category: string;
  tags: string;
  contactInfo: string;
}

/**
 * The share form. The /share-idea page sends tags as the typed text and offers contact info; the
 * listing's own form sends them as a trimmed array (spec 02 §2, §7). Both show similar ideas.
 */
export function IdeaForm({
  categories,
  tagsAs,
  withContactInfo,
  onShared,
  onCancel,
}: {
  categories: readonly string[];
  tagsAs: 'string' | 'array';
  withContactInfo: boolean;
  onShared: (idea: Idea) => void;
  onCancel?: () => void;
}) {
  const create = useCreateIdea();
  const form = useForm<Values>({
    initialValues: { title: '', description: '', category: '', tags: '', contactInfo: '' },
    validate: {
      title: (v) => (v.trim() ? null : 'Title is required'),
      description: (v) => (v.trim() ? null : 'Description is required'),
      category: (v) => (v ? null : 'Please choose a category'),
      tags: (v) => {
        const tags = normalizeTags(v);
        if (tags.length > LIMITS.tagsMax) return `At most ${LIMITS.tagsMax} tags are allowed`;
        if (tags.some((t) => t.length > LIMITS.tagMax))
          return `Each tag must be at most ${LIMITS.tagMax} characters`;
        return null;
      },
    },
  });

  const submit = form.onSubmit((v) => {
    create.mutate(
      {
        title: v.title,
        description: v.description,
        category: v.category,
        tags: tagsAs === 'string' ? v.tags : normalizeTags(v.tags),
        ...(withContactInfo && v.contactInfo.trim() ? { contactInfo: v.contactInfo } : {}),
      },
      {
        onSuccess: (idea) => {
          notifications.show({ color: 'green', title: MSG.ideaShared, message: idea.title });
          form.reset();
          onShared(idea);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) return;
          if (err instanceof NetworkError) {
            notifications.show({
              color: 'red',
              title: MSG.ideaConnectionErrorTitle,
              message: MSG.ideaConnectionError,
            });
          } else {
            notifications.show({
              color: 'red',
              title: MSG.ideaSubmissionFailedTitle,
              message: `${MSG.ideaSubmissionFailed} ${err instanceof ApiError ? err.message : ''}`.trim(),
            });
          }
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk maxLength={LIMITS.titleMax} {...form.getInputProps('title')} />
        <SimilarIdeas title={form.values.title} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          maxLength={LIMITS.textMax}
          {...form.getInputProps('description')}
        />
        <Select
          label="Category"
          withAsterisk
          placeholder="Choose a category"
          data={[...categories]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
        <TextInput
          label="Tags"
          description="Comma-separated, optional"
          placeholder="ai, health, mobile"
          {...form.getInputProps('tags')}
        />
        {withContactInfo ? (
          <TextInput
            label="Contact info"
            description="Optional: how collaborators can reach you"
            maxLength={LIMITS.shortTextMax}
            {...form.getInputProps('contactInfo')}
          />
        ) : null}
        <Group justify="flex-end" mt="xs">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending}>
            Share Idea
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
