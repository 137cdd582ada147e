import {
  CreateQuestionBody,
  type CreateQuestionInput,
  MSG,
  QUESTION_CATEGORIES,
  QUESTION_LIMITS,
  QUESTION_TEXT,
} from '@agora/shared';
import {
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { zodValidate } from '../../../lib/form';
import { rupees } from '../../../lib/money';
import { useMinReward } from '../../../lib/settings';
import { PaymentStep } from '../../payments/components/payment-step';
import { useCreateQuestion } from '../api/question-mutations';
import { useQuestionPayment } from '../lib/use-question-payment';
import { QuestionImageField, useImagePick } from './question-image-field';
import { SavedUnpaidAlert } from './saved-unpaid-alert';
import { SimilarQuestions } from './similar-questions';
import { showErrorToast } from '../../../lib/toasts';

/** The reward field's number, or null when it holds none (empty or not a number). */
function rewardNumber(r: number | string): number | null {
  if (typeof r === 'number') return Number.isFinite(r) ? r : null;
  if (r.trim() === '') return null;
  const n = Number(r);
  return Number.isFinite(n) ? n : null;
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

const validateQuestion = zodValidate(CreateQuestionBody);

const REQUIRED_FIELDS = [
  ['title', 'Title'],
  ['description', 'Description'],
  ['category', 'Category'],
] as const;

/**
 * The new-question form of spec 01 §2/§5, leading into the payment step. One question, one order:
 * after a cancelled or failed checkout the saved, unpaid question stays here and the button
 * pays it ("Pay ₹X") instead of creating a copy; its author may also delete it or pay it later.
 */
export function AskQuestionForm({ mode, onCancel, onDone, prefill }: AskQuestionFormProps) {
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
  const picked = useImagePick();
  const createMutation = useCreateQuestion();
  const submitting = createMutation.isPending;
  const reset = () => {
    form.setValues({ title: '', category: null, description: '', reward: minReward, acceptanceCriteria: '' });
    form.resetTouched();
    form.clearErrors();
    picked.clear();
  };
  const payment = useQuestionPayment({ mode, onPaid: reset, onDone });

  // The reward field defaults to the server's minimum once it is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable
  useEffect(() => {
    if (loaded && !form.isTouched('reward')) form.setFieldValue('reward', minReward);
  }, [loaded, minReward]);

  const create = (values: Values) => {
    // Validated: a whole number from the minimum to the maximum, exactly as typed.
    const amount = rewardNumber(values.reward)!;
    const criteria = values.acceptanceCriteria.trim();
    const fields: CreateQuestionInput = {
      title: values.title.trim(),
      description: values.description.trim(),
      category: values.category as CreateQuestionInput['category'],
      reward: amount,
      ...(criteria ? { acceptanceCriteria: criteria } : {}),
      ...(prefill ? { ideaId: prefill.ideaId } : {}),
    };
    createMutation.mutate({ fields, image: picked.image }, { onSuccess: (q) => payment.pay(q, amount) });
  };

  const submit = form.onSubmit(
    (values) => {
      // The saved question is paid again, never created twice.
      if (payment.saved) payment.payAgain();
      else create(values);
    },
    (errors) => {
      // A missing field gets the spec's sentence; otherwise the first problem is named (the reward's
      // limits, the criteria's length), as it is on its field.
      const missing = REQUIRED_FIELDS.some(([field]) => errors[field]);
      const first = Object.values(errors).find((e) => typeof e === 'string') as string | undefined;
      showErrorToast({
        title: MSG.validationErrorTitle,
        message: missing || !first ? MSG.questionRequired : first,
      });
    },
  );

  const { saved, step, locked } = payment;

  return (
    <form onSubmit={submit} noValidate aria-label="Ask a question">
      <Stack gap="md">
        {saved ? (
          <SavedUnpaidAlert
            question={saved.question}
            amount={saved.amount}
            deleting={payment.deleting}
            onDiscard={payment.discard}
          />
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
        <QuestionImageField picked={picked} disabled={locked} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={submitting || !!step}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting || !!step}>
            {saved ? `Pay ${rupees(saved.amount * 100)}` : 'Create Question & Pay'}
          </Button>
        </Group>
        {step ? <PaymentStep key={step.key} {...step.props} /> : null}
      </Stack>
    </form>
  );
}
