import { currencyForCountry, SALARY_CURRENCIES } from '@agora/shared';
import { NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormValues } from '../lib/job-form';
import { FormSection, localToday } from './job-form-sections';

/** Salary with its preview, experience, education, deadline, benefits and the contact e-mail. */
export function AdditionalDetailsSection({
  form,
  preview,
  savedText,
  onCurrencyChosen,
}: {
  form: UseFormReturnType<FormValues>;
  /** The salary line as the listing will read, or null when no figures are given. */
  preview: string | null;
  /** An edited job's free-text salary, shown while no figures replace it. */
  savedText: string | null;
  onCurrencyChosen: () => void;
}) {
  const currencyProps = form.getInputProps('salaryCurrency');
  const v = form.values;
  return (
    <FormSection title="Additional Details">
      <Stack gap={6}>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Select
            label="Salary currency"
            name="salaryCurrency"
            data={[...SALARY_CURRENCIES]}
            allowDeselect={false}
            {...currencyProps}
            onChange={(c) => {
              onCurrencyChosen();
              currencyProps.onChange(c);
            }}
          />
          <NumberInput
            label="Minimum salary (per year)"
            name="salaryMin"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle={v.salaryCurrency === 'INR' ? 'lakh' : 'thousand'}
            placeholder="e.g. 1800000"
            {...form.getInputProps('salaryMin')}
          />
          <NumberInput
            label="Maximum salary (per year)"
            name="salaryMax"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            thousandsGroupStyle={v.salaryCurrency === 'INR' ? 'lakh' : 'thousand'}
            placeholder="e.g. 2600000"
            {...form.getInputProps('salaryMax')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="salary-preview">
          {preview
            ? `Will read: ${preview}`
            : savedText
              ? `Will read: ${savedText}`
              : `Optional. The currency follows the country (${currencyForCountry(v.country)}) unless you pick one.`}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Experience"
          name="experience"
          placeholder="e.g. 3-5 years"
          maxLength={500}
          {...form.getInputProps('experience')}
        />
        <TextInput
          label="Education"
          name="education"
          placeholder="e.g. Bachelor's degree"
          maxLength={500}
          {...form.getInputProps('education')}
        />
        <TextInput
          label="Application Deadline"
          name="applicationDeadline"
          type="date"
          min={localToday()}
          {...form.getInputProps('applicationDeadline')}
        />
      </SimpleGrid>
      <Textarea
        label="Benefits"
        name="benefits"
        autosize
        minRows={2}
        maxLength={5000}
        placeholder="Health insurance, flexible hours…"
        {...form.getInputProps('benefits')}
      />
      <TextInput
        label="Contact Email"
        name="contactEmail"
        type="email"
        withAsterisk
        description="Applicants will send their applications here"
        maxLength={254}
        {...form.getInputProps('contactEmail')}
      />
    </FormSection>
  );
}
