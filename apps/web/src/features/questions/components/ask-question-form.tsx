import {
  type CreateQuestionInput,
  LIMITS,
  MSG,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
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
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { clearSession, setRedirectAfterLogin, useAuth } from '../../../lib/auth-store';
import { PaymentStep } from '../../payments/components/payment-step';
import { useMinReward } from '../api/get-min-reward';
import { invalidateInOtherWindows } from '../../../lib/query-client';
import { questionKeys } from '../api/keys';
import { createQuestion } from '../api/question-mutations';
import { useSimilarQuestions } from '../api/similar-questions';
import { addOwnQuestion, removeOwnQuestion } from '../lib/cache';
import { StatusBadge } from './status-badge';

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
              {s.answerCount} answers
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
}

/** The new-question form of spec 01 §2/§5, leading into the payment step. */
export function AskQuestionForm({ mode, onCancel, onDone }: AskQuestionFormProps) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { minReward, loaded } = useMinReward();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [reward, setReward] = useState<number | string>(minReward);
  const [rewardTouched, setRewardTouched] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [payment, setPayment] = useState<{ question: Question; amount: number; attempt: number } | null>(
    null,
  );
  const [unpaid, setUnpaid] = useState<{ question: Question; amount: number } | null>(null);

  // The reward field defaults to the server's minimum once it is known.
  useEffect(() => {
    if (loaded && !rewardTouched) setReward(minReward);
  }, [loaded, minReward, rewardTouched]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const viewer = user?.id ?? '';
  const reset = () => {
    setTitle('');
    setCategory(null);
    setDescription('');
    setReward(minReward);
    setRewardTouched(false);
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

  /** spec 01 §5: a whole number, at least the minimum; anything else falls back to the minimum. */
  const rewardValue = () => {
    const n = typeof reward === 'number' ? reward : Number(reward);
    return Number.isInteger(n) && n >= minReward ? n : minReward;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim() || !category) {
      notifications.show({ title: MSG.validationErrorTitle, message: MSG.questionRequired, color: 'red' });
      return;
    }
    const amount = rewardValue();
    setReward(amount);
    setSubmitting(true);
    try {
      const q = await createQuestion(
        {
          title: title.trim(),
          description: description.trim(),
          category: category as CreateQuestionInput['category'],
          reward: amount,
        },
        image,
      );
      addOwnQuestion(qc, viewer, q);
      void qc.invalidateQueries({ queryKey: questionKeys.categories() });
      setUnpaid(null);
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
    } finally {
      setSubmitting(false);
    }
  };

  const onPaid = () => {
    setPayment(null);
    setUnpaid(null);
    notifications.show({
      title: MSG.questionCreated,
      message: 'Your question is live and its reward is held for the best answers.',
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
      setUnpaid({ question: payment.question, amount: payment.amount });
    }
    setPayment(null);
    notifications.show({ title, message, color: 'red', autoClose: 8000 });
  };

  const onPaymentCancel = () => {
    if (payment) setUnpaid({ question: payment.question, amount: payment.amount });
    setPayment(null);
    notifications.show({
      title: 'Payment cancelled',
      message: 'Your question is saved but not paid yet. You can pay for it from the Questioner Portal.',
      color: 'yellow',
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Ask a question">
      <Stack gap="md">
        {unpaid ? (
          <Alert color="yellow" title="Payment not completed">
            <Text size="sm">“{unpaid.question.title}” is saved but not paid yet.</Text>
            <Button
              size="xs"
              mt="xs"
              onClick={() => {
                setPayment({ question: unpaid.question, amount: unpaid.amount, attempt: Date.now() });
                setUnpaid(null);
              }}
            >
              Try payment again
            </Button>
          </Alert>
        ) : null}
        <TextInput
          label="Subject"
          description="A short, specific title"
          placeholder="e.g. How do I debounce a search input in React?"
          withAsterisk
          value={title}
          maxLength={QUESTION_LIMITS.titleMax}
          onChange={(e) => setTitle(e.currentTarget.value)}
          rightSection={
            <Text size="xs" c="dimmed" pr="xs">
              {title.length}/{QUESTION_LIMITS.titleMax}
            </Text>
          }
          rightSectionWidth={70}
        />
        <SimilarQuestions title={title} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Category"
            placeholder="Choose a category"
            withAsterisk
            data={[...QUESTION_CATEGORIES]}
            value={category}
            onChange={setCategory}
            allowDeselect={false}
          />
          <NumberInput
            label="Reward (₹)"
            description={`Whole rupees, at least ₹${minReward}`}
            min={minReward}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            value={reward}
            onChange={(v) => {
              setRewardTouched(true);
              setReward(v);
            }}
            onBlur={() => setReward(rewardValue())}
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
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
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
                onClick={() => {
                  setImage(null);
                  setPreview(null);
                }}
              />
            </Group>
          ) : (
            <FileButton onChange={pickImage} accept="image/*">
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
            Create Question &amp; Pay
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
