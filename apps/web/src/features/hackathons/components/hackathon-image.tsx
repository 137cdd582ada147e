import { Box, Center, Text } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';

/** The hackathon's image (a path on the API host), or a placeholder naming the category. */
export function HackathonImage({
  image,
  category,
  title,
  height,
}: {
  image: string | null;
  category: string;
  title: string;
  height: number | string;
}) {
  if (image) {
    return (
      <Box
        component="img"
        src={image}
        alt={title}
        h={height}
        w="100%"
        style={{ objectFit: 'cover', display: 'block' }}
        loading="lazy"
      />
    );
  }
  return (
    <Center
      h={height}
      w="100%"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-green-7), var(--mantine-color-teal-5))',
        color: 'white',
        flexDirection: 'column',
        gap: 6,
      }}
      aria-hidden
    >
      <IconTrophy size={36} stroke={1.5} />
      <Text fw={700} size="lg">
        {category}
      </Text>
    </Center>
  );
}
