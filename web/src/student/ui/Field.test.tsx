import { render, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { FormField, Input, Select, Textarea } from './Field';

describe('FormField', () => {
  it('labels its control, marks it required, and ties the helper and the error to it', () => {
    render(
      <FormField label="Topic" helperText="At least 10 characters." error="Please enter a topic">
        <Input name="topic" />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Topic' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 10 characters. Please enter a topic');
  });

  it('a read-only field stays readable; a select in it is disabled (selects cannot be read-only)', () => {
    render(
      <>
        <FormField label="What went well?" readOnly>
          <Textarea defaultValue="The demo" />
        </FormField>
        <FormField label="How was the pace?" readOnly>
          <Select options={[{ value: 'just_right', label: 'Just right' }]} placeholder="Select the pace" />
        </FormField>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'What went well?' })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'How was the pace?' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Select the pace' })).toHaveValue('');
  });

  it('a field that is not required has no asterisk and no `required`', () => {
    render(
      <FormField label="Your Name (Optional)" required={false}>
        <Input />
      </FormField>,
    );
    expect(screen.getByRole('textbox', { name: 'Your Name (Optional)' })).not.toBeRequired();
    expect(screen.queryByText('*')).toBeNull();
  });
});
