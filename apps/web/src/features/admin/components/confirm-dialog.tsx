import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';

export interface ConfirmField {
  label: string;
  placeholder?: string;
  /** Shown when the field is left empty. */
  requiredMessage: string;
  maxLength: number;
  multiline?: boolean;
}

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  /** A reason or reference the action needs (required, trimmed). */
  field?: ConfirmField;
  onClose(): void;
  /** Resolves when done; a rejection is shown in the dialog, which stays open. */
  onConfirm(value: string): Promise<unknown>;
}

/** Every destructive or irreversible admin action goes through this confirmation. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'blue',
  field,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The action itself is the caller's mutation (admin/api); this one carries its pending state and failure.
  const action = useMutation({ mutationFn: (text: string) => onConfirm(text), onSuccess: () => onClose() });
  const busy = action.isPending;
  const serverError = action.error
    ? errorMessage(action.error, 'The action failed. Please try again.')
    : null;
  const { reset } = action;

  useEffect(() => {
    if (opened) {
      setValue('');
      setFieldError(null);
      reset();
    }
  }, [opened, reset]);

  const submit = () => {
    const text = value.trim();
    if (field && !text) {
      setFieldError(field.requiredMessage);
      return;
    }
    action.reset();
    action.mutate(text);
  };

  const Input = field?.multiline ? Textarea : TextInput;
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" component="div">
            {children}
          </Text>
          {field ? (
            <Input
              label={field.label}
              placeholder={field.placeholder}
              value={value}
              onChange={(e) => {
                setValue(e.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              maxLength={field.maxLength}
              withAsterisk
              data-autofocus
              {...(field.multiline ? { autosize: true, minRows: 3 } : {})}
            />
          ) : null}
          {serverError ? (
            <Alert color="red" variant="light" role="alert">
              {serverError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
