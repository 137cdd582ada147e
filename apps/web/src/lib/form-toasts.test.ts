import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFormErrors, showFormError } from './form-toasts';

const visible = () => notificationsStore.getState().notifications.map((n) => n.message);

afterEach(() => notifications.clean());

describe('form error toasts', () => {
  it("a form's success takes back its own error toasts, and only those", () => {
    showFormError('job', { title: 'Missing Information', message: 'Please fill in all required fields.' });
    showFormError('job', { title: 'Submission failed', message: 'Network error' });
    showFormError('hackathon', { title: 'Validation Error', message: 'Please provide a title' });
    notifications.show({ message: 'Saved elsewhere' });
    expect(visible()).toHaveLength(4);
    clearFormErrors('job');
    expect(visible()).toEqual(['Please provide a title', 'Saved elsewhere']);
    clearFormErrors('job');
    expect(visible()).toHaveLength(2);
  });
});
