import { fireEvent, screen, within } from '@testing-library/react';
import { useForm } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { aJob } from '../../../test/fixtures';
import {
  bodyOf,
  EMPTY,
  type FormValues,
  SCREENING_MESSAGES,
  screeningErrors,
  valuesOf,
} from '../lib/job-form';
import { ScreeningQuestionsField } from './screening-questions-field';

let sent: ReturnType<typeof bodyOf> | null = null;

function Harness({ initial }: { initial: FormValues }) {
  const form = useForm<FormValues>({
    initialValues: initial,
    validate: (v) => screeningErrors(v.screeningQuestions),
  });
  return (
    <form
      onSubmit={form.onSubmit((v) => {
        sent = bodyOf(v);
      })}
    >
      <ScreeningQuestionsField form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('Screening questions on the job form', { timeout: 30_000 }, () => {
  it('adds up to three questions, each with Yes / No / Any, and sends them in the job body', async () => {
    sent = null;
    renderWithProviders(<Harness initial={EMPTY} />);
    const add = screen.getByRole('button', { name: 'Add a question' });
    fireEvent.click(add);
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getAllByRole('textbox', { name: /Question \d/ })).toHaveLength(3);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('At most 3 questions')).toBeTruthy();

    // An empty question is named on its field, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(SCREENING_MESSAGES.text)).toHaveLength(3);
    expect(sent).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove question 3' }));
    const [q1, q2] = screen.getAllByRole('textbox', { name: /Question \d/ });
    fireEvent.change(q1!, { target: { value: ' Can you work from Pune? ' } });
    fireEvent.change(q2!, { target: { value: 'Do you have a driving licence?' } });
    const groups = screen.getAllByRole('radiogroup');
    fireEvent.click(within(groups[0]!).getByRole('radio', { name: 'Yes' }));
    fireEvent.click(within(groups[1]!).getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sent!.screeningQuestions).toEqual([
      { text: 'Can you work from Pune?', requiredAnswer: 'yes' },
      { text: 'Do you have a driving licence?', requiredAnswer: 'no' },
    ]);
  });

  it('keeps a saved question’s id on an edit and reads a null required answer as Any', () => {
    const job = aJob({ screeningQuestions: [{ _id: 'q1', text: 'Remote ok?', requiredAnswer: null }] });
    const values = valuesOf(job);
    expect(values.screeningQuestions).toMatchObject([
      { _id: 'q1', text: 'Remote ok?', requiredAnswer: 'any' },
    ]);
    expect(bodyOf(values).screeningQuestions).toEqual([
      { _id: 'q1', text: 'Remote ok?', requiredAnswer: null },
    ]);
    // Removing the last question sends an empty list, so the edit removes it on the server too.
    expect(bodyOf({ ...values, screeningQuestions: [] }).screeningQuestions).toEqual([]);
  });
});
