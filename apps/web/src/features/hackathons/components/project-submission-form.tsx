import { HACKATHON_SUBMISSION_FILE_ACCEPT, type HackathonSubmission, MSG } from '@agora/shared';
import { Button, FileInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { showProjectError, useSubmitProject } from '../api/submit-project';

const EMPTY = {
  teamName: '',
  projectTitle: '',
  projectDescription: '',
  projectUrl: '',
  githubUrl: '',
  demoUrl: '',
};

/** The form's fields filled from a saved submission, so an update starts from what was sent. */
function fromSubmission(s: HackathonSubmission | undefined): typeof EMPTY {
  if (!s) return EMPTY;
  return {
    teamName: s.teamName,
    projectTitle: s.projectTitle,
    projectDescription: s.projectDescription,
    projectUrl: s.projectUrl ?? '',
    githubUrl: s.githubUrl ?? '',
    demoUrl: s.demoUrl ?? '',
  };
}

/**
 * spec 03 §5: shown to registered users while the hackathon runs; cleared after a success. Opened
 * with a saved submission it starts from that submission (a new one replaces it whole, so a form
 * starting empty would silently drop the saved links).
 */
export function ProjectSubmissionForm({
  hackathonId,
  submission,
}: {
  hackathonId: string;
  submission?: HackathonSubmission;
}) {
  const { user } = useAuth();
  const submit = useSubmitProject(hackathonId);
  const hasSubmission = Boolean(submission);
  const [values, setValues] = useState(() => fromSubmission(submission));
  const [file, setFile] = useState<File | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => {
    // Read now: React clears currentTarget before a state updater runs.
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [k]: value }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.teamName.trim() || !values.projectTitle.trim() || !values.projectDescription.trim()) {
      showProjectError(hackathonId, { title: MSG.validationErrorTitle, message: MSG.submissionRequired });
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
    form.append(
      'teamMembers',
      JSON.stringify(
        user
          ? [{ userId: user.id, userDisplayName: user.displayName || user.name, userEmail: user.email }]
          : [],
      ),
    );
    if (file) form.append('submissionFile', file);
    submit.mutate(form, {
      onSuccess: () => {
        setValues(EMPTY);
        setFile(null);
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="submit-project-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} id="submit-project-title">
            {hasSubmission ? 'Update Your Submission' : 'Submit Your Project'}
          </Title>
          {hasSubmission ? (
            <Text size="sm" c="dimmed">
              Submitting again replaces your earlier submission
              {submission?.fileName
                ? ` (your file ${submission.fileName} is kept unless you choose another)`
                : ''}
              .
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Team Name"
              required
              value={values.teamName}
              onChange={set('teamName')}
              maxLength={200}
            />
            <TextInput
              label="Project Title"
              required
              value={values.projectTitle}
              onChange={set('projectTitle')}
              maxLength={200}
            />
          </SimpleGrid>
          <Textarea
            label="Project Description"
            required
            autosize
            minRows={4}
            value={values.projectDescription}
            onChange={set('projectDescription')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Project URL"
              type="url"
              placeholder="https://"
              value={values.projectUrl}
              onChange={set('projectUrl')}
            />
            <TextInput
              label="GitHub URL"
              type="url"
              placeholder="https://github.com/…"
              value={values.githubUrl}
              onChange={set('githubUrl')}
            />
            <TextInput
              label="Demo URL"
              type="url"
              placeholder="https://"
              value={values.demoUrl}
              onChange={set('demoUrl')}
            />
          </SimpleGrid>
          <FileInput
            label="Project File"
            description="PDF, DOC, DOCX, ZIP, JPG, PNG or GIF (up to 25 MB)"
            placeholder="Choose a file"
            accept={HACKATHON_SUBMISSION_FILE_ACCEPT}
            leftSection={<IconUpload size={16} />}
            value={file}
            onChange={setFile}
            clearable
            name="submissionFile"
          />
          <Button type="submit" loading={submit.isPending} style={{ alignSelf: 'flex-start' }}>
            {hasSubmission ? 'Update Submission' : 'Submit Project'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
