import {
  IDEA_ATTACHMENT_MAX_BYTES,
  IDEA_ATTACHMENT_TYPES,
  IDEA_ATTACHMENTS_MAX,
  type IdeaDetail,
} from '@agora/shared';
import {
  ActionIcon,
  Anchor,
  AspectRatio,
  Button,
  FileButton,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteAttachment, useUploadAttachment } from '../api/idea-lifecycle';
import { showError, showErrorToast } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

const kb = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** A file the share forms and the idea page accept: an image or a PDF of at most 10 MB. */
export function attachmentProblem(file: File): string | null {
  if (!(IDEA_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name}: attach a PNG, JPEG, GIF or WebP image, or a PDF.`;
  }
  if (file.size > IDEA_ATTACHMENT_MAX_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}

/** The idea's images as a gallery and its documents as links; its author adds and removes them. */
export function IdeaAttachments({ idea, mine }: { idea: IdeaDetail; mine: boolean }) {
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  const [progress, setProgress] = useState<number | null>(null);
  const images = idea.attachments.filter((a) => a.kind === 'image');
  const docs = idea.attachments.filter((a) => a.kind === 'document');
  if (idea.attachments.length === 0 && !mine) return null;

  const add = (file: File | null) => {
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) return showErrorToast({ message: problem });
    setProgress(0);
    upload.mutate(
      { id: idea._id, file, onProgress: setProgress },
      {
        onSettled: () => setProgress(null),
        onError: (err) => showError(err, 'Could not upload'),
      },
    );
  };
  const del = (attachmentId: string) =>
    remove.mutate(
      { id: idea._id, attachmentId },
      {
        onError: (err) => showError(err, 'Could not remove'),
      },
    );

  return (
    <Stack gap="xs" component="section" aria-label="Images and documents">
      {images.length > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {images.map((a) => (
            <div key={a._id} className={u.relative}>
              <Anchor href={a.url} target="_blank" rel="noopener" aria-label={`Open ${a.originalName}`}>
                <AspectRatio ratio={4 / 3}>
                  <Image src={a.url} alt={a.originalName} loading="lazy" radius="sm" fit="cover" />
                </AspectRatio>
              </Anchor>
              {mine ? (
                <ActionIcon
                  color="red"
                  variant="filled"
                  size="sm"
                  aria-label={`Remove ${a.originalName}`}
                  pos="absolute"
                  top={4}
                  right={4}
                  onClick={() => del(a._id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              ) : null}
            </div>
          ))}
        </SimpleGrid>
      ) : null}
      {docs.map((a) => (
        <Group key={a._id} gap="xs" wrap="nowrap">
          <IconFileTypePdf size={18} aria-hidden />
          <Anchor href={a.url} target="_blank" rel="noopener" size="sm" className={u.breakAll}>
            {a.originalName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {kb(a.size)}
          </Text>
          {mine ? (
            <ActionIcon
              color="red"
              variant="subtle"
              size="sm"
              aria-label={`Remove ${a.originalName}`}
              onClick={() => del(a._id)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
      {mine && idea.attachments.length < IDEA_ATTACHMENTS_MAX ? (
        <Group gap="xs">
          <FileButton onChange={add} accept={IDEA_ATTACHMENT_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPaperclip size={14} />}
                loading={upload.isPending}
              >
                Add an image or PDF
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {idea.attachments.length} of {IDEA_ATTACHMENTS_MAX}, up to 10 MB each
          </Text>
        </Group>
      ) : null}
      {progress !== null ? <Progress value={progress} size="sm" aria-label="Upload progress" /> : null}
    </Stack>
  );
}
