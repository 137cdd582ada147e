import { initials } from '@agora/shared';
import { Avatar, type AvatarProps, type MantineColor } from '@mantine/core';
import classes from './user-avatar.module.css';

// Dark enough for white initials at AA contrast.
const PALETTE: MantineColor[] = ['blue', 'grape', 'teal', 'indigo', 'violet', 'cyan', 'green', 'orange'];

function colorFor(seed: string): MantineColor {
  let h = 0;
  for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) | 0;
  return PALETTE[Math.abs(h) % PALETTE.length]!;
}

export interface UserAvatarProps extends Omit<AvatarProps, 'children' | 'color' | 'name'> {
  name?: string | null;
  email?: string | null;
  /** Fixed colour; otherwise derived from the name so one person always gets the same one. */
  color?: MantineColor;
  /**
   * Inside a button or link that has its own label: the initials are drawn, not text, so they do not
   * compete with that label (and the avatar is hidden from assistive technology).
   */
  decorative?: boolean;
}

/** spec 01 §2: initials of the first and last words of the name, else the e-mail's first letter. */
export function UserAvatar({ name, email, color, decorative, ...rest }: UserAvatarProps) {
  const text = initials(name, email);
  return (
    <Avatar
      variant="filled"
      color={color ?? colorFor(name || email || '?')}
      radius="xl"
      alt={name || email || undefined}
      aria-hidden={decorative || undefined}
      data-initials={text}
      {...rest}
    >
      {decorative ? <span className={classes.glyph} data-initials={text} /> : text}
    </Avatar>
  );
}
