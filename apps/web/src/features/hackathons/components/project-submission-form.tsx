import {
  HACKATHON_SUBMISSION_FILE_ACCEPT,
  type HackathonSubmission,
  MSG,
  ProjectSubmissionInput,
} from '@agora/shared';
import { Button, FileInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useAuth } from '../../../lib/auth-store';
import { zodValidate } from '../../../lib/form';
import { showProjectError, useSubmitProject } from '../api/submit-project';
import u from '../../../components/utilities.module.css';

const EMPTY = {
  teamName: '',
  projectTitle: '',
  projectDescription: '',
  projectUrl: '',
  githubUrl: '',
  demoUrl: '',
};

/**
 * The shared ProjectSubmissionInput's required fields (MSG.submissionRequired, shown as a toast);
 * the links' format stays the server's answer (its own toast title), as before.
 */
const requiredRules = zodValidate(
  ProjectSubmissionInput.pick({ teamName: true, projectTitle: true, projectDescription: true }),
);

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
  const project = useForm({ initialValues: fromSubmission(submission) });
  const [file, setFile] = useState<File | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = project.getValues();
    const errors = requiredRules(values);
    const first = errors.teamName ?? errors.projectTitle ?? errors.projectDescription;
    if (first) {
      showProjectError(hackathonId, { title: MSG.validationErrorTitle, message: String(first) });
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
        project.setValues(EMPTY);
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
            <TextInput label="Team Name" required {...project.getInputProps('teamName')} maxLength={200} />
            <TextInput
              label="Project Title"
              required
              {...project.getInputProps('projectTitle')}
              maxLength={200}
            />
          </SimpleGrid>
          <Textarea
            label="Project Description"
            required
            autosize
            minRows={4}
            {...project.getInputProps('projectDescription')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Project URL"
              type="url"
              placeholder="https://"
              {...project.getInputProps('projectUrl')}
            />
            <TextInput
              label="GitHub URL"
              type="url"
              placeholder="https://github.com/…"
              {...project.getInputProps('githubUrl')}
            />
            <TextInput
              label="Demo URL"
              type="url"
              placeholder="https://"
              {...project.getInputProps('demoUrl')}
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
          <Button type="submit" loading={submit.isPending} className={u.selfStart}>
            {hasSubmission ? 'Update Submission' : 'Submit Project'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
