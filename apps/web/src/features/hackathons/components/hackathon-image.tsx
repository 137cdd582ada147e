import { Box, Center, Text } from '@mantine/core';
import {
  IconBrain,
  IconCode,
  IconCoin,
  IconCpu,
  IconCube,
  IconDeviceMobile,
  type IconProps,
  IconSchool,
  IconShieldLock,
  IconStethoscope,
  IconTrophy,
  IconChartBar,
} from '@tabler/icons-react';
import type { ComponentType, CSSProperties } from 'react';
import classes from './hackathon-image.module.css';

/**
 * A placeholder per category (spec 03 §2: "a placeholder with the category"), so a page of cards
 * without images is not one green trophy repeated. Dark-enough ends for white text (WCAG AA).
 */
const PLACEHOLDERS: Record<string, { icon: ComponentType<IconProps>; from: string; to: string }> = {
  'AI/ML': { icon: IconBrain, from: 'violet-9', to: 'indigo-7' },
  'Web Development': { icon: IconCode, from: 'blue-9', to: 'cyan-8' },
  'Mobile Development': { icon: IconDeviceMobile, from: 'teal-9', to: 'green-8' },
  Blockchain: { icon: IconCube, from: 'dark-6', to: 'indigo-9' },
  IoT: { icon: IconCpu, from: 'cyan-9', to: 'blue-8' },
  'Data Science': { icon: IconChartBar, from: 'grape-9', to: 'pink-8' },
  Cybersecurity: { icon: IconShieldLock, from: 'dark-7', to: 'red-9' },
  Fintech: { icon: IconCoin, from: 'green-9', to: 'lime-9' },
  Healthtech: { icon: IconStethoscope, from: 'red-9', to: 'pink-9' },
  Edtech: { icon: IconSchool, from: 'orange-9', to: 'yellow-9' },
};
const DEFAULT_PLACEHOLDER = { icon: IconTrophy, from: 'green-9', to: 'teal-8' };

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
        className={classes.image}
        loading="lazy"
      />
    );
  }
  const p = PLACEHOLDERS[category] ?? DEFAULT_PLACEHOLDER;
  const Icon = p.icon;
  return (
    <Center
      h={height}
      w="100%"
      data-placeholder={category}
      className={classes.placeholder}
      // The category's colours are data: handed to the stylesheet as variables.
      style={
        {
          '--from': `var(--mantine-color-${p.from})`,
          '--to': `var(--mantine-color-${p.to})`,
        } as CSSProperties
      }
      aria-hidden
    >
      <Icon size={36} stroke={1.5} />
      <Text fw={700} size="lg">
        {category}
      </Text>
    </Center>
  );
}
