import {
  IDEA_ATTACHMENT_TYPES,
  IDEA_ATTACHMENTS_MAX,
  type Idea,
  type IdeaCategory,
  IdeaFormValues,
  LIMITS,
  MSG,
  normalizeTags,
  type OrganizationSummary,
} from '@agora/shared';
import { Button, FileInput, Group, Progress, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { showServerErrors, validateAll, zodValidate } from '../../../lib/form';
import { useCreateIdea } from '../api/idea-actions';
import { uploadIdeaAttachment } from '../api/idea-lifecycle';
import { attachmentProblem } from './idea-attachments';
import { IdeaOrganizationsField } from './idea-organizations-field';
import { SimilarIdeas } from './similar-ideas';
import { showErrorToast } from '../../../lib/toasts';

const validateIdea = zodValidate(IdeaFormValues);
/** The form's fields in reading order: the first invalid one takes the focus. */
const FIELD_ORDER = ['title', 'description', 'category', 'tags', 'contactInfo'] as const;

/** Schema paths onto the form's flat fields ('tags.3' → 'tags'), the first message per field. */
function byField(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0]!;
    out[field] ??= message;
  }
  return out;
}

const SERVER_FIELDS: Record<string, string> = {
  ...Object.fromEntries(FIELD_ORDER.map((f) => [`body.${f}`, f])),
  'body.organizationIds': 'organizations',
};

const ids = (v: { organizations: OrganizationSummary[] }) => v.organizations.map((o) => o._id);

interface Values {
  title: string;
  description: string;
  category: string;
  tags: string;
  contactInfo: string;
  /** Tagged on creation; sent as their ids (organizationIds). */
  organizations: OrganizationSummary[];
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
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  /** While the files go up after the idea is created: which one and how far. */
  const [uploading, setUploading] = useState<{ index: number; percent: number } | null>(null);

  const pickFiles = (picked: File[]) => {
    const problem = picked.map(attachmentProblem).find(Boolean) ?? null;
    const tooMany = picked.length > IDEA_ATTACHMENTS_MAX ? `At most ${IDEA_ATTACHMENTS_MAX} files.` : null;
    setFileError(problem ?? tooMany);
    setFiles(problem || tooMany ? [] : picked);
  };

  /** The idea exists: its files go up one by one; a refused file is reported, the rest still go. */
  const uploadAll = async (idea: Idea) => {
    const failed: string[] = [];
    for (const [index, file] of files.entries()) {
      setUploading({ index, percent: 0 });
      try {
        await uploadIdeaAttachment(idea._id, file, (percent) => setUploading({ index, percent }));
      } catch (err) {
        failed.push(`${file.name}: ${err instanceof Error ? err.message : 'not uploaded'}`);
      }
    }
    setUploading(null);
    if (failed.length > 0) {
      notifications.show({
        color: 'orange',
        title: 'Some files were not attached',
        message: `${failed.join('; ')}. You can add them from the idea's page.`,
      });
    }
  };
  const form = useForm<Values>({
    initialValues: { title: '', description: '', category: '', tags: '', contactInfo: '', organizations: [] },
    // The server's schema (CreateIdeaBody) in the browser: every error inline at once.
    validate: (values) => {
      const { organizationIds, ...errors } = byField(
        validateIdea({ ...values, organizationIds: ids(values) }),
      );
      return organizationIds ? { ...errors, organizations: organizationIds } : errors;
    },
  });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    // All errors at once, the first invalid field (in reading order) focused.
    if (validateAll(form, FIELD_ORDER)) return;
    const v = form.getValues();
    create.mutate(
      {
        title: v.title,
        description: v.description,
        category: v.category as IdeaCategory,
        tags: tagsAs === 'string' ? v.tags : normalizeTags(v.tags),
        ...(withContactInfo && v.contactInfo.trim() ? { contactInfo: v.contactInfo } : {}),
        ...(v.organizations.length > 0 ? { organizationIds: ids(v) } : {}),
      },
      {
        onSuccess: async (idea) => {
          if (files.length > 0) await uploadAll(idea);
          notifications.show({ color: 'green', title: MSG.ideaShared, message: idea.title });
          form.reset();
          setFiles([]);
          onShared(idea);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 401) return;
          // A rule only the server knows: its field errors inline too, beside the toast.
          if (err instanceof ApiError) showServerErrors(form, err.details, SERVER_FIELDS);
          if (err instanceof NetworkError) {
            showErrorToast({ title: MSG.ideaConnectionErrorTitle, message: MSG.ideaConnectionError });
          } else {
            showErrorToast({
              title: MSG.ideaSubmissionFailedTitle,
              message: `${MSG.ideaSubmissionFailed} ${err instanceof ApiError ? err.message : ''}`.trim(),
            });
          }
        },
      },
    );
  };

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
        <IdeaOrganizationsField
          value={form.values.organizations}
          onChange={(orgs) => form.setFieldValue('organizations', orgs)}
          error={form.errors.organizations}
        />
        <FileInput
          label="Images and documents"
          description={`Optional: up to ${IDEA_ATTACHMENTS_MAX} PNG, JPEG, GIF, WebP images or PDFs, 10 MB each`}
          placeholder="Choose files"
          multiple
          clearable
          accept={IDEA_ATTACHMENT_TYPES.join(',')}
          value={files}
          onChange={pickFiles}
          error={fileError}
        />
        {uploading ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Uploading {uploading.index + 1} of {files.length}: {files[uploading.index]?.name}
            </Text>
            <Progress value={uploading.percent} size="sm" aria-label="Upload progress" />
          </Stack>
        ) : null}
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
          <Button type="submit" loading={create.isPending || uploading !== null}>
            Share Idea
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
