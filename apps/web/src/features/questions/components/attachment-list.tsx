import type { Attachment } from '@agora/shared';
import { ActionIcon, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconPhoto, IconX } from '@tabler/icons-react';
import { kilobytes } from '../lib/format';
import u from '../../../components/utilities.module.css';

function icon(mimetype: string) {
  if (mimetype.startsWith('image/')) return <IconPhoto size={16} aria-hidden />;
  if (mimetype === 'application/pdf') return <IconFileTypePdf size={16} aria-hidden />;
  return <IconFile size={16} aria-hidden />;
}

/** Attachments with name and size in KB; images show a small preview. */
export function AttachmentList({
  attachments,
  onRemove,
}: {
  attachments: Attachment[];
  onRemove?: (a: Attachment) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <Stack gap={4} component="ul" p={0} m={0} className={u.plainList} aria-label="Attachments">
      {attachments.map((a) => (
        <Group component="li" key={a.filename} gap="xs" wrap="nowrap">
          {a.mimetype.startsWith('image/') ? (
            <Image src={a.url} alt="" w={32} h={32} radius="sm" fit="cover" />
          ) : (
            icon(a.mimetype)
          )}
          <Anchor href={a.url} target="_blank" rel="noopener" size="sm" className={u.wrapAnywhere}>
            {a.originalName}
          </Anchor>
          <Text size="xs" c="dimmed" className={u.noWrap}>
            ({kilobytes(a.size)})
          </Text>
          {onRemove ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => onRemove(a)}
              aria-label={`Remove ${a.originalName}`}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
