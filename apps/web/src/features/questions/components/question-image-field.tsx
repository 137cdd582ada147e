import { LIMITS, MSG } from '@agora/shared';
import { Button, CloseButton, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { showErrorToast } from '../../../lib/toasts';

/** The picked image and its preview URL (revoked when replaced or gone). */
export function useImagePick() {
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showErrorToast({ title: MSG.validationErrorTitle, message: MSG.invalidImage });
      return;
    }
    if (file.size >= LIMITS.imageBytes) {
      showErrorToast({ title: MSG.validationErrorTitle, message: MSG.imageTooLarge });
      return;
    }
    setImage(file);
    setPreview(URL.createObjectURL(file));
  };
  const clear = () => {
    setImage(null);
    setPreview(null);
  };
  return { image, preview, pick, clear };
}

interface QuestionImageFieldProps {
  picked: ReturnType<typeof useImagePick>;
  disabled: boolean;
}

/** The question's optional image (spec 01 §7): a preview with its name and size, or the picker. */
export function QuestionImageField({ picked, disabled }: QuestionImageFieldProps) {
  const { image, preview, pick, clear } = picked;
  return (
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
          <CloseButton aria-label="Remove image" disabled={disabled} onClick={clear} />
        </Group>
      ) : (
        <FileButton onChange={pick} accept="image/*" disabled={disabled}>
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
  );
}
