import {
  CreateQuestionBody,
  type CreateQuestionInput,
  LIMITS,
  MSG,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
  QUESTION_TEXT,
  plural,
  type Question,
} from '@agora/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { clearSession, setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { PaymentStep } from '../../payments/components/payment-step';
import { useMinReward } from '../../../lib/settings';
import { invalidateInOtherWindows } from '../../../lib/query-client';
import { questionKeys } from '../api/keys';
import { useCreateQuestion, useDiscardQuestion } from '../api/question-mutations';
import { useSimilarQuestions } from '../api/similar-questions';
import { addOwnQuestion, removeOwnQuestion } from '../lib/cache';
import { rupees } from '../../../lib/money';
import { StatusBadge } from './status-badge';
import { zodValidate } from '../../../lib/form';

/** The reward field's number, or null when it holds none (empty or not a number). */
function rewardNumber(r: number | string): number | null {
  if (typeof r === 'number') return Number.isFinite(r) ? r : null;
  if (r.trim() === '') return null;
  const n = Number(r);
  return Number.isFinite(n) ? n : null;
}

/** spec 01 §4/§9: the window closes 3 seconds after a successful payment. */
const CLOSE_AFTER_PAID_MS = 3000;

function SimilarQuestions({ title }: { title: string }) {
  const [q] = useDebouncedValue(title.trim(), 350);
  const similar = useSimilarQuestions(q);
  const items = q.length >= 4 ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" aria-live="polite" data-testid="similar-questions">
      <Group gap={6} mb={4}>
        <IconSearch size={14} aria-hidden />
        <Text size="sm" fw={600}>
          Similar questions already asked
        </Text>
      </Group>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((s) => (
          <Group component="li" key={s._id} gap="xs" wrap="nowrap">
            <Anchor component={Link} to={`/question/${s._id}`} target="_blank" size="sm" lineClamp={1}>
              {s.title}
            </Anchor>
            <StatusBadge status={s.status} />
            <Badge size="xs" variant="light" color="gray">
              {plural(s.answerCount, 'answer')}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export interface AskQuestionFormProps {
  /** 'window': /ask-question in its own window (closes after payment); 'inline': inside the portal. */
  mode: 'window' | 'inline';
  onCancel: () => void;
  onDone?: () => void;
  /** "Offer a bounty" on an idea page: the idea's title, description and category, and its id. */
  prefill?: { title: string; description: string; category: string | null; ideaId: string };
}

type Values = {
  title: string;
  category: string | null;
  description: string;
  reward: number | string;
  acceptanceCriteria: string;
};

/**
 * The new-question form of spec 01 §2/§5, leading into the payment step. One question, one order:
 * after a cancelled or failed checkout the saved, unpaid question stays here and the button
 * pays it ("Pay ₹X") instead of creating a copy; its author may also delete it or pay it later.
 */
const validateQuestion = zodValidate(CreateQuestionBody);

const REQUIRED_FIELDS = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['category', 'Category'],
] as const;

export function AskQuestionForm({ mode, onCancel, onDone, prefill }: AskQuestionFormProps) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { minReward, loaded } = useMinReward();
  // The shared schema validates every field at once, inline. Each missing field is named on the
  // field; the spec's sentence ("Please fill in all required fields: …") is the toast, shown once.
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      title: prefill?.title ?? '',
      category: prefill?.category ?? null,
      description: prefill?.description ?? '',
      reward: minReward,
      acceptanceCriteria: '',
    },
    validate: (values) => {
      const errors = validateQuestion(values);
      for (const [field, label] of REQUIRED_FIELDS) {
        if (errors[field] === MSG.questionRequired) errors[field] = `${label} is required`;
      }
      // The number typed is the number paid: below the server's minimum is refused, never raised.
      const reward = rewardNumber(values.reward);
      if (!errors.reward && (reward === null || !Number.isInteger(reward)))
        errors.reward = QUESTION_TEXT.rewardWhole;
      else if (!errors.reward && reward !== null && reward < minReward)
        errors.reward = QUESTION_TEXT.rewardTooSmall(minReward);
      return errors;
    },
  });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const createMutation = useCreateQuestion();
  const discardMutation = useDiscardQuestion();
  const submitting = createMutation.isPending;
  const deleting = discardMutation.isPending;
  const [payment, setPayment] = useState<{ question: Question; amount: number; attempt: number } | null>(
    null,
  );
  /** Saved but not paid (checkout cancelled or failed): the next submit pays it. */
  const [saved, setSaved] = useState<{ question: Question; amount: number } | null>(null);

  // The reward field defaults to the server's minimum once it is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable
  useEffect(() => {
    if (loaded && !form.isTouched('reward')) form.setFieldValue('reward', minReward);
  }, [loaded, minReward]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const viewer = user?.id ?? '';
  const reset = () => {
    form.setValues({ title: '', category: null, description: '', reward: minReward, acceptanceCriteria: '' });
    form.resetTouched();
    form.clearErrors();
    setImage(null);
    setPreview(null);
  };

  const pickImage = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notifications.show({ title: MSG.validationErrorTitle, message: MSG.invalidImage, color: 'red' });
      return;
    }
    if (file.size >= LIMITS.imageBytes) {
      notifications.show({ title: MSG.validationErrorTitle, message: MSG.imageTooLarge, color: 'red' });
      return;
    }
    setImage(file);
    setPreview(URL.createObjectURL(file));
  };

  const create = async (values: Values) => {
    // Validated: a whole number from the minimum to the maximum, exactly as typed.
    const amount = rewardNumber(values.reward)!;
    const criteria = values.acceptanceCriteria.trim();
    try {
      const q = await createMutation.mutateAsync({
        fields: {
          title: values.title.trim(),
          description: values.description.trim(),
          category: values.category as CreateQuestionInput['category'],
          reward: amount,
          ...(criteria ? { acceptanceCriteria: criteria } : {}),
          ...(prefill ? { ideaId: prefill.ideaId } : {}),
        },
        image,
      });
      addOwnQuestion(qc, viewer, q);
      void qc.invalidateQueries({ queryKey: questionKeys.categories() });
      setPayment({ question: q, amount, attempt: 1 });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        clearSession();
        setRedirectAfterLogin('/ask-question');
        navigate('/login');
        return;
      }
      if (err instanceof NetworkError) {
        notifications.show({ title: MSG.connectionErrorTitle, message: MSG.connectionError, color: 'red' });
        return;
      }
      const detail = err instanceof ApiError ? err.message : 'Please try again.';
      notifications.show({
        title: MSG.questionCreationFailedTitle,
        message: `${MSG.questionCreationFailed} ${detail}`,
        color: 'red',
      });
    }
  };

  const submit = form.onSubmit(
    (values) => {
      if (saved) {
        // The saved question is paid again, never created twice.
        setPayment({ question: saved.question, amount: saved.amount, attempt: Date.now() });
        return;
      }
      void create(values);
    },
    (errors) => {
      // A missing field gets the spec's sentence; otherwise the first problem is named (the reward's
      // limits, the criteria's length), as it is on its field.
      const missing = REQUIRED_FIELDS.some(([field]) => errors[field]);
      const first = Object.values(errors).find((e) => typeof e === 'string') as string | undefined;
      notifications.show({
        title: MSG.validationErrorTitle,
        message: missing || !first ? MSG.questionRequired : first,
        color: 'red',
      });
    },
  );

  const onPaid = () => {
    setPayment(null);
    setSaved(null);
    notifications.show({
      title: MSG.questionCreated,
      message: 'Your question is live and its reward is held in escrow for the best answers.',
      color: 'green',
    });
    reset();
    void qc.invalidateQueries({ queryKey: questionKeys.all });
    // The Inquiry Space that opened this window shows the new question (and counts) too.
    invalidateInOtherWindows(questionKeys.all);
    if (mode === 'inline') {
      onDone?.();
      return;
    }
    window.setTimeout(() => {
      window.close();
      // A window the browser will not close (opened directly, not by the app) goes to the portal.
      window.setTimeout(() => {
        if (!window.closed) navigate('/questioner-portal');
      }, 200);
    }, CLOSE_AFTER_PAID_MS);
  };

  const onPaymentError = (title: string, message: string) => {
    if (payment) {
      removeOwnQuestion(qc, viewer, payment.question._id);
      setSaved({ question: payment.question, amount: payment.amount });
    }
    setPayment(null);
    notifications.show({ title, message, color: 'red', autoClose: 8000 });
  };

  const onPaymentCancel = () => {
    if (payment) setSaved({ question: payment.question, amount: payment.amount });
    setPayment(null);
    notifications.show({
      title: 'Payment cancelled',
      message: 'Your question is saved but not paid yet. Pay it here, or later from the Questioner Portal.',
      color: 'yellow',
    });
  };

  const discard = async () => {
    if (!saved) return;
    try {
      await discardMutation.mutateAsync(saved.question._id);
      removeOwnQuestion(qc, viewer, saved.question._id);
      void qc.invalidateQueries({ queryKey: questionKeys.all });
      setSaved(null);
      notifications.show({ title: 'Question deleted', message: 'Nothing was charged.', color: 'green' });
    } catch (err) {
      notifications.show({
        title: 'Error',
        message: err instanceof ApiError ? err.message : 'Failed to delete the question. Please try again.',
        color: 'red',
      });
    }
  };

  const locked = !!saved || !!payment;
  return (
    <form onSubmit={submit} noValidate aria-label="Ask a question">
      <Stack gap="md">
        {saved ? (
          <Alert color="yellow" title="Payment not completed" data-testid="saved-unpaid">
            <Text size="sm">
              “{saved.question.title}” is saved but not paid yet, so nobody can see it. Pay{' '}
              {rupees(saved.amount * 100)} to publish it, pay later from the{' '}
              <Anchor component={Link} to="/questioner-portal">
                Questioner Portal
              </Anchor>
              , or delete it.
            </Text>
            <Button size="xs" mt="xs" variant="default" color="red" loading={deleting} onClick={discard}>
              Delete it and start over
            </Button>
          </Alert>
        ) : null}
        <TextInput
          label="Subject"
          description="A short, specific title"
          placeholder="e.g. How do I debounce a search input in React?"
          withAsterisk
          maxLength={QUESTION_LIMITS.titleMax}
          disabled={locked}
          {...form.getInputProps('title')}
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {form.getValues().title.length}/{QUESTION_LIMITS.titleMax}
            </Text>
          }
          rightSectionWidth={70}
        />
        <SimilarQuestions title={form.getValues().title} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Category"
            placeholder="Choose a category"
            withAsterisk
            data={[...QUESTION_CATEGORIES]}
            allowDeselect={false}
            disabled={locked}
            {...form.getInputProps('category')}
          />
          <NumberInput
            label="Reward (₹)"
            description={QUESTION_TEXT.rewardLimits(minReward)}
            min={minReward}
            max={QUESTION_LIMITS.rewardMaxRupees}
            // Out-of-range values stay as typed and are refused with the shared message; never
            // replaced by the minimum or the maximum behind the asker's back.
            clampBehavior="none"
            step={1}
            allowDecimal={false}
            allowNegative={false}
            disabled={locked}
            {...form.getInputProps('reward')}
            onBlur={() => form.validateField('reward')}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          description="Markdown is supported."
          placeholder="What have you tried? What exactly do you need?"
          withAsterisk
          autosize
          minRows={5}
          maxRows={16}
          maxLength={QUESTION_LIMITS.descriptionMax}
          disabled={locked}
          {...form.getInputProps('description')}
        />
        <Textarea
          label={QUESTION_TEXT.acceptanceCriteriaLabel}
          description={`Answerers see this above the answer form, and you see it when you reward (${form.getValues().acceptanceCriteria.trim().length}/${QUESTION_LIMITS.acceptanceCriteriaMax} characters).`}
          placeholder={QUESTION_TEXT.acceptanceCriteriaPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          disabled={locked}
          {...form.getInputProps('acceptanceCriteria')}
          onBlur={() => form.validateField('acceptanceCriteria')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Image (optional)
          </Text>
          {image && preview ? (
            <Group gap="sm" align="center">
              <Image src={preview} alt="Selected image preview" w={96} h={96} radius="sm" fit="cover" />
              <Stack gap={0}>
                <Text size="sm">{image.name}</Text>
                <Text size="xs" c="dimmed">
                  {(image.size / 1024).toFixed(1)} KB
                </Text>
              </Stack>
              <CloseButton
                aria-label="Remove image"
                disabled={locked}
                onClick={() => {
                  setImage(null);
                  setPreview(null);
                }}
              />
            </Group>
          ) : (
            <FileButton onChange={pickImage} accept="image/*" disabled={locked}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPhoto size={16} />} w="fit-content">
                  Choose image
                </Button>
              )}
            </FileButton>
          )}
          <Text size="xs" c="dimmed">
            JPG, PNG, GIF or WebP, less than 5 MB.
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting || !!payment}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting || !!payment}>
            {saved ? `Pay ${rupees(saved.amount * 100)}` : 'Create Question & Pay'}
          </Button>
        </Group>
        {payment ? (
          <PaymentStep
            key={`${payment.question._id}-${payment.attempt}`}
            questionId={payment.question._id}
            amountRupees={payment.amount}
            onPaid={onPaid}
            onError={onPaymentError}
            onCancel={onPaymentCancel}
          />
        ) : null}
      </Stack>
    </form>
  );
}
