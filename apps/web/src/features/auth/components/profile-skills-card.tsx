import {
  JOB_LISTING_LEVELS,
  PROFILE_LIMITS,
  ProfileFieldsBody,
  type PublicUser,
  splitSkills,
  type UpdateMeBody,
} from '@agora/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { validateAll, zodValidate } from '../../../lib/form';
import { useSkillSuggestions, useUpdateMe } from '../api/me';

interface Values {
  headline: string;
  company: string;
  location: string;
  level: string | null;
  skills: string[];
}

const FIELDS = ['headline', 'company', 'location', 'level', 'skills'] as const;
const rules = zodValidate(ProfileFieldsBody);
export const PROFILE_SAVED = 'Your professional profile is saved.';

function valuesOf(user: PublicUser): Values {
  return {
    headline: user.headline ?? '',
    company: user.company ?? '',
    location: user.location ?? '',
    level: user.level ?? null,
    skills: user.skills ?? [],
  };
}

/** The first problem with the skills: the list's own, or one skill's ("skills.3"). */
function skillsError(errors: Record<string, unknown>): string | undefined {
  const key = Object.keys(errors).find((k) => k === 'skills' || k.startsWith('skills.'));
  return key ? String(errors[key]) : undefined;
}

/**
 * "Professional profile": what Smart Matching reads of the user — headline, current company (the
 * referral network), location, level and skills (suggested from the skills jobs ask for).
 */
export function ProfileSkillsCard({ user }: { user: PublicUser }) {
  const update = useUpdateMe();
  const form = useForm<Values>({ initialValues: valuesOf(user), validate: rules });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const suggestions = useSkillSuggestions(debounced);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A reply from elsewhere (the résumé card) must not wipe what is being typed: only a new user resets.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the user changes, not on every refetch
  useEffect(() => {
    form.setValues(valuesOf(user));
    form.resetDirty();
  }, [user.id]);

  const skills = form.getValues().skills;
  const data = (suggestions.data ?? []).filter(
    (s) => !skills.some((k) => k.toLowerCase() === s.toLowerCase()),
  );

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(null);
    if (validateAll(form, FIELDS)) return;
    const v = form.getValues();
    update.mutate(
      {
        headline: v.headline.trim(),
        company: v.company.trim(),
        location: v.location.trim(),
        level: (v.level as UpdateMeBody['level']) ?? null,
        skills: v.skills,
      },
      {
        onSuccess: (u) => {
          form.setValues(valuesOf(u));
          form.resetDirty();
          setSaved(true);
        },
        onError: (err) => setError(errorMessage(err, 'Failed to save your professional profile')),
      },
    );
  };

  return (
    <Card withBorder radius="lg" padding="xl" mt="xl" component="section" aria-labelledby="pro-profile-title">
      <Title order={2} size="h4" id="pro-profile-title" mb={4}>
        Professional profile
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Jobs are matched to your skills, level and location; your company lets friends ask you for referrals.
      </Text>
      <form onSubmit={onSave} noValidate aria-label="Professional profile">
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Headline"
            placeholder="e.g. Backend engineer who loves databases"
            maxLength={PROFILE_LIMITS.headline}
            {...form.getInputProps('headline')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Current company"
              maxLength={PROFILE_LIMITS.company}
              autoComplete="organization"
              {...form.getInputProps('company')}
            />
            <TextInput
              label="Location"
              maxLength={PROFILE_LIMITS.location}
              {...form.getInputProps('location')}
            />
            <Select
              label="Level"
              placeholder="Not set"
              data={[...JOB_LISTING_LEVELS]}
              clearable
              {...form.getInputProps('level')}
            />
          </SimpleGrid>
          <TagsInput
            label="Skills"
            description={`Up to ${PROFILE_LIMITS.skills}; press Enter or comma after each`}
            placeholder={skills.length < PROFILE_LIMITS.skills ? 'Add a skill' : undefined}
            data={data}
            // The server already matched the prefix and synonyms ("k8s" → Kubernetes): show its list as is.
            filter={({ options }) => options}
            searchValue={search}
            onSearchChange={setSearch}
            maxTags={PROFILE_LIMITS.skills}
            clearable
            value={skills}
            onChange={(next) => {
              form.setFieldValue('skills', splitSkills(next));
              setSaved(false);
            }}
            error={skillsError(form.errors)}
          />
          <Group justify="space-between">
            <Text size="sm" c="teal" role="status">
              {saved ? PROFILE_SAVED : ''}
            </Text>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
