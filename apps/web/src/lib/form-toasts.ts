import { type NotificationData, notifications } from '@mantine/notifications';
import { showErrorToast } from './toasts';

// The error toasts each form has shown and not yet taken back, by form name.
const shown = new Map<string, Set<string>>();

/**
 * A form's error toast ("Missing Information", "Submission failed"…), remembered under the form's
 * name so that the form's success takes it back: a stale red toast next to the green one read as
 * if the submission had failed after all.
 */
export function showFormError(formName: string, data: NotificationData): string {
  const id = showErrorToast(data);
  const ids = shown.get(formName) ?? new Set<string>();
  ids.add(id);
  shown.set(formName, ids);
  return id;
}

/** The form succeeded: its earlier error toasts go. */
export function clearFormErrors(formName: string): void {
  for (const id of shown.get(formName) ?? []) notifications.hide(id);
  shown.delete(formName);
}
