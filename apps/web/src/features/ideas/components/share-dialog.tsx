import { MSG } from '@agora/shared';
import { Button, Group, Modal, SimpleGrid, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  IconCopy,
  IconShare,
} from '@tabler/icons-react';
import { showErrorToast } from '../../../lib/toasts';

export interface ShareTarget {
  _id: string;
  title: string;
}

export function ideaUrl(id: string): string {
  return `${window.location.origin}/idea/${id}`;
}

/** spec 02 §7: Twitter, Facebook, LinkedIn, WhatsApp, Telegram, the native share sheet, copy link. */
export function shareLinks(idea: ShareTarget) {
  const url = encodeURIComponent(ideaUrl(idea._id));
  const text = encodeURIComponent(idea.title);
  return [
    { name: 'Twitter', icon: IconBrandX, href: `https://twitter.com/intent/tweet?text=${text}&url=${url}` },
    {
      name: 'Facebook',
      icon: IconBrandFacebook,
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    },
    {
      name: 'LinkedIn',
      icon: IconBrandLinkedin,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
    },
    { name: 'WhatsApp', icon: IconBrandWhatsapp, href: `https://wa.me/?text=${text}%20${url}` },
    { name: 'Telegram', icon: IconBrandTelegram, href: `https://t.me/share/url?url=${url}&text=${text}` },
  ];
}

export function ShareDialog({ idea, onClose }: { idea: ShareTarget | null; onClose: () => void }) {
  const canNativeShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    if (!idea) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(ideaUrl(idea._id));
      notifications.show({
        color: 'green',
        title: 'Link Copied',
        message: 'The idea link is on your clipboard',
      });
    } catch {
      showErrorToast({ title: MSG.copyFailed, message: 'Please copy the link by hand' });
    }
  };
  return (
    <Modal opened={idea !== null} onClose={onClose} title="Share this idea" centered>
      {idea ? (
        <>
          <Text size="sm" fw={600} lineClamp={2} mb="sm">
            {idea.title}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {shareLinks(idea).map((l) => (
              <Button
                key={l.name}
                component="a"
                href={l.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                leftSection={<l.icon size={16} />}
              >
                {l.name}
              </Button>
            ))}
            {canNativeShare ? (
              <Button
                variant="light"
                leftSection={<IconShare size={16} />}
                onClick={() => {
                  navigator.share({ title: idea.title, url: ideaUrl(idea._id) }).catch(() => {
                    // The reader closed the share sheet: nothing to report.
                  });
                }}
              >
                More…
              </Button>
            ) : null}
          </SimpleGrid>
          <Group mt="md" gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Link"
              value={ideaUrl(idea._id)}
              readOnly
              flex={1}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button leftSection={<IconCopy size={16} />} onClick={copy}>
              Copy link
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
