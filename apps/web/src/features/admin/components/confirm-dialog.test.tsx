import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ConfirmDialog } from './confirm-dialog';

const field = { label: 'Reason', requiredMessage: 'Give a reason', maxLength: 200 };

function open(onConfirm: (v: string) => Promise<unknown>, onClose = vi.fn()) {
  renderWithProviders(
    <ConfirmDialog
      opened
      title="Reject?"
      confirmLabel="Reject"
      field={field}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      This cannot be undone.
    </ConfirmDialog>,
  );
  return onClose;
}

describe('ConfirmDialog (its action runs as a mutation)', () => {
  it('an empty required field is told on the field and nothing runs', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = open(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('runs the action with the trimmed value and closes when it resolves', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = open(onConfirm);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: '  spam  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledWith('spam');
  });

  it('a failure is shown in the dialog, which stays open; a retry clears it', async () => {
    let fail = true;
    const onConfirm = vi.fn(async () => {
      if (fail) throw new ApiError(409, 'Already decided', 'CONFLICT');
    });
    const onClose = open(onConfirm);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'spam' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Already decided');
    expect(onClose).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
