import { APPLICATION_LIMITS, type ApplicationCreateResult, type Job } from '@agora/shared';
import { Alert, Button, FileInput, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { useMe } from '../../auth/api/me';
import { focusField } from '../../../lib/form';
import { useApply } from '../api/apply';
import { answersOf, applyFormErrors, RESUME_ACCEPT, type ApplyFormValues } from '../lib/apply-rules';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Quick Apply: a résumé (PDF or DOCX up to 5 MB), an optional cover note and one yes/no answer per
 * screening question, sent as one multipart request. Every problem is named on its field at once.
 */
export function ApplyForm({
  job,
  opened,
  onClose,
  onApplied,
}: {
  job: Pick<Job, '_id' | 'title' | 'screeningQuestions'>;
  opened: boolean;
  onClose(): void;
  onApplied(result: ApplicationCreateResult): void;
}) {
  const apply = useApply(job._id);
  // A phone gets the whole screen for the form (the file picker and the questions need room).
  const phone = useMediaQuery('(max-width: 36em)');
  const questions = job.screeningQuestions;
  // The résumé kept on the profile goes with the application when no file is attached (read once
  // the form is open: a visitor never opens it, so never asks for a profile).
  const stored = useMe(opened).data?.resume ?? null;
  const form = useForm<ApplyFormValues>({
    initialValues: {
      resume: null,
      coverNote: '',
      answers: Object.fromEntries(questions.map((q) => [q._id, ''])),
    },
    validate: (values) => applyFormErrors(values, questions, stored !== null),
  });
  const note = form.values.coverNote;
  const resume = form.values.resume;

  const submit = (values: ApplyFormValues) => {
    apply.mutate(
      { resume: values.resume, coverNote: values.coverNote, answers: answersOf(values, questions) },
      {
        onSuccess: (result) => {
          form.reset();
          onApplied(result);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={apply.isPending ? () => {} : onClose}
      title={`Apply: ${job.title}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      fullScreen={phone}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(submit, (errors) => {
          const first = Object.keys(errors)[0];
          if (first) focusField(form, first);
        })}
      >
        <Stack gap="md">
          <FileInput
            label="Résumé"
            description={
              resume
                ? `${resume.name} · ${formatSize(resume.size)}`
                : stored
                  ? `Your saved résumé (${stored.originalName}) is sent unless you choose another file`
                  : 'PDF or DOCX, up to 5 MB'
            }
            placeholder={stored ? 'Use my saved résumé' : 'Choose a file'}
            accept={RESUME_ACCEPT}
            withAsterisk={!stored}
            clearable
            leftSection={<IconFileText size={16} aria-hidden />}
            {...form.getInputProps('resume')}
          />
          <Textarea
            label="Cover note"
            description="Optional: why you fit this role"
            autosize
            minRows={4}
            maxRows={12}
            maxLength={APPLICATION_LIMITS.coverNote}
            {...form.getInputProps('coverNote')}
          />
          <Text size="xs" c="dimmed" ta="right" mt={-12} aria-live="polite" data-testid="cover-note-count">
            {note.length} / {APPLICATION_LIMITS.coverNote}
          </Text>
          {questions.map((q, i) => (
            <Radio.Group
              key={q._id}
              label={`${i + 1}. ${q.text}`}
              withAsterisk
              {...form.getInputProps(`answers.${q._id}`)}
            >
              <Group gap="lg" mt={6}>
                <Radio value="yes" label="Yes" />
                <Radio value="no" label="No" />
              </Group>
            </Radio.Group>
          ))}
          {apply.error ? (
            <Alert color="red" variant="light" role="alert" title="Your application was not sent">
              {errorMessage(apply.error, 'Something went wrong. Please try again.')}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={apply.isPending}>
              Submit application
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
