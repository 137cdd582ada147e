import { Avatar } from '@mantine/core';
import { displayableLogo } from '../lib/job-display';

/** The company's uploaded logo, or its initials (external images are not allowed by the CSP). */
export function CompanyLogo({ name, logo, size = 48 }: { name: string; logo: string | null; size?: number }) {
  const src = displayableLogo(logo);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  return (
    <Avatar
      src={src}
      alt={src ? `${name} logo` : undefined}
      size={size}
      radius="md"
      color="amber"
      variant="light"
    >
      {initials}
    </Avatar>
  );
}
