import type { HackathonSubmission } from '@agora/shared';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandGithub, IconDownload, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadSubmissionFile } from '../api/download-file';
import { formatDateTime } from '../lib/format';
import { SubmissionStatusBadge } from './status-badges';
import { showErrorToast } from '../../../lib/toasts';
import u from '../../../components/utilities.module.css';

/**
 * One project submission: team, title, status, description, links, file download, time, members.
 * Places come from the published results (the organiser's Judging tab), not from a per-project choice.
 */
export function SubmissionItem({ submission: s }: { submission: HackathonSubmission }) {
  const [downloading, setDownloading] = useState(false);
  const links = [
    { href: s.projectUrl, label: 'Project', icon: <IconExternalLink size={14} /> },
    { href: s.githubUrl, label: 'GitHub', icon: <IconBrandGithub size={14} /> },
    { href: s.demoUrl, label: 'Demo', icon: <IconPlayerPlay size={14} /> },
  ].filter((l) => l.href);
  return (
    <Paper withBorder p="md" radius="md" data-testid="submission-item">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700}>{s.projectTitle}</Text>
            <Text size="sm" c="dimmed">
              Team: {s.teamName}
            </Text>
          </Stack>
          <SubmissionStatusBadge status={s.status} />
        </Group>
        <Text size="sm" className={u.preWrap}>
          {s.projectDescription}
        </Text>
        {links.length || s.fileUrl ? (
          <Group gap="md" wrap="wrap">
            {links.map((l) => (
              <Anchor
                key={l.label}
                href={l.href!}
                target="_blank"
                rel="noopener noreferrer nofollow"
                size="sm"
              >
                <Group gap={4} wrap="nowrap">
                  {l.icon}
                  {l.label}
                </Group>
              </Anchor>
            ))}
            {s.fileUrl ? (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} />}
                loading={downloading}
                onClick={async () => {
                  setDownloading(true);
                  try {
                    await downloadSubmissionFile(s.fileUrl!, s.fileName ?? 'submission');
                  } catch (err) {
                    showErrorToast({ title: 'Download failed', message: (err as Error).message });
                  } finally {
                    setDownloading(false);
                  }
                }}
              >
                {s.fileName ?? 'Download file'}
              </Button>
            ) : null}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          Submitted {formatDateTime(s.submittedAt)}
          {s.updatedAt !== s.submittedAt ? ` · updated ${formatDateTime(s.updatedAt)}` : ''}
        </Text>
        {s.teamMembers.length ? (
          <Text size="xs" c="dimmed">
            Team members:{' '}
            {s.teamMembers
              .map((m) => m.userDisplayName + (m.userEmail ? ` (${m.userEmail})` : ''))
              .join(', ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
