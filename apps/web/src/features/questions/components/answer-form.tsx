import { type Attachment, CreateAnswerBody, MSG } from '@agora/shared';
import { Button, FileButton, Group, Modal, Progress, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage, NetworkError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { validateAll, zodValidate } from '../../../lib/form';
import { uploadAttachment, useCreateAnswer } from '../api/question-mutations';
import { AttachmentList } from './attachment-list';
import { showErrorToast } from '../../../lib/toasts';

const MAX_ATTACHMENTS = 5;

/** spec 01 §5: only attachments with filename, url, originalName, mimetype and a numeric size are sent. */
function complete(a: Partial<Attachment> | null | undefined): a is Attachment {
  return (
    !!a &&
    typeof a.filename === 'string' &&
    typeof a.url === 'string' &&
    typeof a.originalName === 'string' &&
    typeof a.mimetype === 'string' &&
    typeof a.size === 'number' &&
    Number.isFinite(a.size)
  );
}

function uploadErrorText(err: unknown): { title: string; message: string } {
  if (err instanceof NetworkError) return { title: MSG.uploadErrorTitle, message: MSG.uploadNetworkError };
  if (err instanceof ApiError) {
    if (err.status === 401) return { title: MSG.uploadFailed, message: MSG.loginToUploadFiles };
    if (err.status === 403) return { title: MSG.uploadFailed, message: MSG.uploadForbidden };
    if (err.status === 400) return { title: MSG.uploadFailed, message: err.message || MSG.invalidFile };
  }
  return { title: MSG.uploadFailed, message: errorMessage(err, MSG.uploadFailed) || MSG.uploadFailed };
}

export interface AnswerFormProps {
  questionId: string;
  /** Called after a successful submission (the page refetches the question 500 ms later). */
  onSubmitted: () => void;
  /** The server says this user already answered (a stale page): show the notice instead. */
  onAlreadyAnswered: () => void;
  /** The server says the question is no longer open (a stale page): refetch it so its notice shows. */
  onClosed?: () => void;
}

/** The answer's fields, checked with the server's CreateAnswerBody (same sentences). */
interface Values {
  content: string;
  attachments: Attachment[];
}

const validateAnswer = zodValidate(CreateAnswerBody);

const conflictCode = (err: unknown) => (err instanceof ApiError && err.status === 409 ? err.code : null);

/** The answer form of spec 01 §2/§5: text, attachments with upload progress, one-answer confirmation. */
export function AnswerForm({ questionId, onSubmitted, onAlreadyAnswered, onClosed }: AnswerFormProps) {
  const { isLoggedIn } = useAuth();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { content: '', attachments: [] },
    validate: validateAnswer,
  });
  const { attachments } = form.getValues();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateAnswer(questionId, { alreadyAnswered: onAlreadyAnswered, closed: onClosed });

  const onFile = async (file: File | null) => {
    if (!file) return;
    if (!isLoggedIn) {
      showErrorToast({ title: MSG.uploadFailed, message: MSG.loginToUploadAttachments });
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      const res = await uploadAttachment(questionId, file, (percent) =>
        setProgress({ name: file.name, percent }),
      );
      // The spec's server answered either the attachment or { attachment }.
      const a = (res as { attachment?: Attachment }).attachment ?? (res as unknown as Attachment);
      if (!complete(a)) {
        showErrorToast({ title: MSG.uploadFailed, message: MSG.uploadInvalidResponse });
        return;
      }
      form.insertListItem('attachments', a);
    } catch (err) {
      const { title, message } = uploadErrorText(err);
      showErrorToast({ title, message });
      // The upload answers 409 both when this user already answered and when the question closed.
      if (conflictCode(err) === 'ALREADY_ANSWERED') onAlreadyAnswered();
      else if (conflictCode(err) === 'QUESTION_CLOSED') onClosed?.();
    } finally {
      setProgress(null);
    }
  };

  const ask = () => {
    const invalid = validateAll(form, ['content', 'attachments']);
    if (invalid?.message === MSG.emptyAnswer) {
      notifications.show({ title: MSG.emptyAnswerTitle, message: MSG.emptyAnswer, color: 'yellow' });
      return;
    }
    if (invalid) {
      showErrorToast({ title: MSG.submissionFailedTitle, message: invalid.message });
      return;
    }
    if (!isLoggedIn) {
      showErrorToast({ title: MSG.submissionFailedTitle, message: MSG.loginToAnswer });
      return;
    }
    setConfirming(true);
  };

  // The hook says how it went; the form only clears itself after a success.
  const submit = () => {
    setConfirming(false);
    const { content } = form.getValues();
    create.mutate(
      { content: content.trim(), attachments: attachments.filter(complete) },
      {
        onSuccess: () => {
          form.reset();
          onSubmitted();
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
      aria-label="Answer this question"
    >
      <Stack gap="sm">
        <Textarea
          label="Your answer"
          description="Markdown is supported: **bold**, lists, `code` and ``` code blocks ```."
          placeholder="Share what you know…"
          autosize
          minRows={4}
          maxRows={14}
          maxLength={20_000}
          {...form.getInputProps('content')}
        />
        <AttachmentList
          attachments={attachments}
          onRemove={(a) => form.removeListItem('attachments', attachments.indexOf(a))}
        />
        {progress ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Uploading {progress.name}… {progress.percent}%
            </Text>
            <Progress
              value={progress.percent}
              size="sm"
              animated
              aria-label={`Upload progress ${progress.percent}%`}
            />
          </Stack>
        ) : null}
        <Group justify="space-between">
          <FileButton onChange={onFile} accept="image/*,.pdf,.doc,.docx,.xlsx,.pptx,.zip,.txt,.md,.csv,.json">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPaperclip size={16} />}
                disabled={!!progress || attachments.length >= MAX_ATTACHMENTS}
              >
                Attach file
              </Button>
            )}
          </FileButton>
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={create.isPending}
            disabled={!!progress}
          >
            Submit Answer
          </Button>
        </Group>
        <Modal opened={confirming} onClose={() => setConfirming(false)} title="Submit your answer?" centered>
          <Text>{MSG.answerConfirm}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={submit}>Submit</Button>
          </Group>
        </Modal>
      </Stack>
    </form>
  );
}
