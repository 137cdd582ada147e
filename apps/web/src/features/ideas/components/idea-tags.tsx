import { Badge, Group } from '@mantine/core';

/** spec 02 §9: at most 3 tags, then '+N more'. */
export function IdeaTags({ tags, max = 3 }: { tags: string[]; max?: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <Group gap={4}>
      {shown.map((t) => (
        <Badge key={t} size="sm" variant="outline" color="gray" tt="none">
          #{t}
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge size="sm" variant="transparent" color="gray" tt="none">
          +{rest} more
        </Badge>
      ) : null}
    </Group>
  );
}
