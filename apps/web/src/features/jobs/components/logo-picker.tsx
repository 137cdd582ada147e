import { LIMITS, MSG } from '@agora/shared';
import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useUploadJobLogo } from '../api/upload-logo';
import { CompanyLogo } from './company-logo';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The company logo of a posting: an image uploaded to the server (which checks its bytes),
 * previewed beside the company's initials. `value` is the uploaded url, or '' for none.
 */
export function LogoPicker({
  value,
  companyName,
  onChange,
}: {
  value: string;
  companyName: string;
  onChange: (url: string) => void;
}) {
  const upload = useUploadJobLogo();
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    setError(null);
    // Checked here for a quick answer; the server checks again, by content.
    if (!ACCEPT.split(',').includes(file.type)) return setError(MSG.jobLogoInvalid);
    if (file.size > LIMITS.imageBytes) return setError(MSG.jobLogoTooLarge);
    upload.mutate(file, {
      onSuccess: (res) => {
        setFileName(file.name);
        onChange(res.url);
      },
      onError: (e) =>
        setError(e instanceof ApiError ? e.message : 'Could not upload the logo. Please try again.'),
    });
  };

  return (
    <Input.Wrapper
      label="Company Logo"
      description="PNG, JPEG, WebP or GIF, up to 5 MB"
      error={error}
      labelElement="div"
    >
      <Group gap="md" mt={6} wrap="nowrap">
        <CompanyLogo name={companyName.trim() || '?'} logo={value || null} size={56} />
        <Stack gap={4} miw={0}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={upload.isPending}
                >
                  {value ? 'Change logo' : 'Upload logo'}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} />}
                onClick={() => {
                  setFileName(null);
                  setError(null);
                  onChange('');
                }}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate={Boolean(value)}>
            {value ? (fileName ?? 'Logo uploaded') : 'Optional: without one, the initials are shown'}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
