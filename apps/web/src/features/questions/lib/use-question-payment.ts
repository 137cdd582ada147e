import { MSG, type Question } from '@agora/shared';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDiscardQuestion, useDropUnpaidQuestion } from '../api/question-mutations';
import { showErrorToast } from '../../../lib/toasts';

/** spec 01 §4/§9: the window closes 3 seconds after a successful payment. */
const CLOSE_AFTER_PAID_MS = 3000;

type Unpaid = { question: Question; amount: number };

export interface QuestionPaymentOptions {
  /** 'window': /ask-question in its own window (closes after payment); 'inline': inside the portal. */
  mode: 'window' | 'inline';
  /** The question is paid and live: the form starts over. */
  onPaid: () => void;
  onDone?: () => void;
}

/**
 * The ask form's payment, after the question is saved. One question, one order: after a cancelled
 * or failed checkout the saved, unpaid question stays and the next submit pays it (never a copy);
 * its author may also delete it or pay it later from the portal.
 */
export function useQuestionPayment({ mode, onPaid, onDone }: QuestionPaymentOptions) {
  const navigate = useNavigate();
  const dropUnpaid = useDropUnpaidQuestion();
  const discardMutation = useDiscardQuestion();
  const [payment, setPayment] = useState<(Unpaid & { attempt: number }) | null>(null);
  /** Saved but not paid (checkout cancelled or failed): the next submit pays it. */
  const [saved, setSaved] = useState<Unpaid | null>(null);

  const paid = () => {
    setPayment(null);
    setSaved(null);
    notifications.show({
      title: MSG.questionCreated,
      message: 'Your question is live and its reward is held in escrow for the best answers.',
      color: 'green',
    });
    onPaid();
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

  const failed = (title: string, message: string) => {
    if (payment) {
      dropUnpaid(payment.question._id);
      setSaved({ question: payment.question, amount: payment.amount });
    }
    setPayment(null);
    showErrorToast({ title, message, autoClose: 8000 });
  };

  const cancelled = () => {
    if (payment) setSaved({ question: payment.question, amount: payment.amount });
    setPayment(null);
    notifications.show({
      title: 'Payment cancelled',
      message: 'Your question is saved but not paid yet. Pay it here, or later from the Questioner Portal.',
      color: 'yellow',
    });
  };

  return {
    payment,
    saved,
    /** The fields stay as they were while a question is saved or being paid. */
    locked: !!saved || !!payment,
    deleting: discardMutation.isPending,
    /** Pays a question just created. */
    pay: (question: Question, amount: number) => setPayment({ question, amount, attempt: 1 }),
    /** Pays the saved question again: a new attempt, a new checkout. */
    payAgain: () => saved && setPayment({ ...saved, attempt: Date.now() }),
    discard: () => {
      if (saved) discardMutation.mutate(saved.question._id, { onSuccess: () => setSaved(null) });
    },
    /** The payment step of the attempt under way (a new key mounts a new checkout). */
    step: payment
      ? {
          key: `${payment.question._id}-${payment.attempt}`,
          props: {
            questionId: payment.question._id,
            amountRupees: payment.amount,
            onPaid: paid,
            onError: failed,
            onCancel: cancelled,
          },
        }
      : null,
  };
}
