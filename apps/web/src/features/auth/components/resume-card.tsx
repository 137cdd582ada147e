import { APPLICATION_LIMITS, APPLICATION_MESSAGES, CAREER_MESSAGES, type PublicUser } from '@agora/shared';
import { Alert, Button, Card, FileButton, Group, Pill, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { downloadMyResume, useRemoveInferredSkill, useRemoveResume, useUploadResume } from '../api/me';

const ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** What the browser can tell before sending: the name's extension and the size (the server checks the bytes). */
function fileProblem(file: File): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return APPLICATION_MESSAGES.resumeType;
  if (file.size > APPLICATION_LIMITS.resumeBytes) return APPLICATION_MESSAGES.resumeTooLarge;
  return null;
}

/**
 * "Résumé": the one kept on the profile (Quick Apply sends it when none is attached), and the skills
 * found in it, each removable — they count toward job matching, so none is hidden from the user.
 */
export function ResumeCard({ user }: { user: PublicUser }) {
  const upload = useUploadResume();
  const remove = useRemoveResume();
  const removeSkill = useRemoveInferredSkill();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const resume = user.resume ?? null;
  const inferred = user.inferredSkills ?? [];

  const fail = (err: unknown, fallback: string) =>
    setMessage({ ok: false, text: errorMessage(err, fallback) });

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return setMessage({ ok: false, text: problem });
    setMessage(null);
    upload.mutate(file, {
      onSuccess: () => setMessage({ ok: true, text: CAREER_MESSAGES.resumeStored }),
      onError: (err) => fail(err, 'Failed to upload your résumé'),
    });
  };

  return (
    <Card withBorder radius="lg" padding="xl" mt="xl" component="section" aria-labelledby="resume-title">
      <Title order={2} size="h4" id="resume-title" mb={4}>
        Résumé
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        PDF or DOCX, up to 5 MB. Only you can download it, and the poster of a job you apply to with it.
      </Text>
      <Stack gap="md">
        {message ? (
          <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        ) : null}
        {resume ? (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconFileText size={20} aria-hidden />
              <Text fw={600} data-testid="resume-name">
                {resume.originalName}
              </Text>
              <Text size="sm" c="dimmed">
                {formatSize(resume.size)}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                variant="light"
                size="compact-sm"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() =>
                  downloadMyResume(resume.originalName).catch((err) => fail(err, 'Failed to download'))
                }
              >
                Download
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => setMessage({ ok: true, text: CAREER_MESSAGES.resumeRemoved }),
                    onError: (err) => fail(err, 'Failed to remove your résumé'),
                  })
                }
              >
                Remove
              </Button>
            </Group>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No résumé yet. Quick Apply will use the one you keep here when you attach none.
          </Text>
        )}
        <FileButton onChange={pick} accept={ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant={resume ? 'default' : 'filled'}
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              w="fit-content"
            >
              {resume ? 'Replace résumé' : 'Upload résumé'}
            </Button>
          )}
        </FileButton>
        {resume ? (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              Skills found in your résumé
            </Text>
            <Text size="sm" c="dimmed">
              {inferred.length > 0
                ? 'These count toward job matching, together with the skills above. Remove any that are wrong.'
                : 'No skills that jobs ask for were found in it.'}
            </Text>
            {inferred.length > 0 ? (
              <Group gap={6} data-testid="inferred-skills">
                {inferred.map((s) => (
                  <Pill
                    key={s}
                    withRemoveButton
                    // Mantine hides a pill's × from keyboards and screen readers: here it is the way to remove.
                    removeButtonProps={{ 'aria-label': `Remove ${s}`, 'aria-hidden': false, tabIndex: 0 }}
                    onRemove={() =>
                      removeSkill.mutate(s, { onError: (err) => fail(err, 'Failed to remove the skill') })
                    }
                  >
                    {s}
                  </Pill>
                ))}
              </Group>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
