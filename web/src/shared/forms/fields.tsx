import { Box, Field, Flex, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ERROR_COLOR } from '../ui/colors';

export interface FormFieldProps {
  label: string;
  /** Shown under the control: a field's validation error, or a message of the server's. */
  error?: FieldError | string | null;
  /** Invalid without a message of its own (the form says what is wrong elsewhere, e.g. a toast). */
  invalid?: boolean;
  /** Required fields (the default) show Chakra's asterisk after the label unless `requiredIndicator` is false. */
  required?: boolean;
  requiredIndicator?: boolean;
  /** Text stays readable and selectable; selects (which cannot be read-only) are disabled. */
  readOnly?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** The field's share of a row of fields. */
  flex?: string;
  children: ReactNode;
}

/**
 * Every form's field: label (with the asterisk when required), the control given as children,
 * helper text and the error under it. Chakra's Field wires the label, the helper and the error to
 * the control (id, aria-describedby, aria-invalid, required).
 */
export function FormField({
  label,
  error,
  invalid,
  required = true,
  requiredIndicator = true,
  readOnly,
  disabled,
  helperText,
  flex,
  children,
}: FormFieldProps) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <Field.Root required={required} invalid={invalid ?? Boolean(error)} readOnly={readOnly} disabled={disabled} flex={flex}>
      <Field.Label>
        {label}
        {requiredIndicator && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {message && <Field.ErrorText color={ERROR_COLOR}>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectControlProps extends Omit<ComponentProps<'select'>, 'children' | 'size'> {
  options: readonly SelectOption[];
  /** The first, empty option ("Select the pace"); none when omitted. */
  placeholder?: string;
  /** The select's box: size and width where it is not a form's full-width field. */
  root?: NativeSelect.RootProps;
}

/** Chakra's native select with its options: the control of a FormField, or a select of its own given an aria-label. */
export function SelectControl({ options, placeholder, root, ...selectProps }: SelectControlProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...selectProps}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

interface RangeFieldProps {
  label: string;
  value: string;
  valueText: string;
  min: number;
  max: number;
  step: number;
  minLabel: string;
  maxLabel: string;
  error: FieldError | undefined;
  inputProps: React.ComponentProps<'input'>;
}

/** A native range input: keyboard, touch and screen readers work without extra script. */
export function RangeField({ label, value, valueText, min, max, step, minLabel, maxLabel, error, inputProps }: RangeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack gap="1.5">
      <Flex w="full" justify="space-between" align="baseline" gap="3">
        <chakra.label htmlFor={id} fontWeight="medium" textStyle="sm">
          {label}
        </chakra.label>
        <Text fontWeight="semibold" aria-hidden="true">
          {value}
        </Text>
      </Flex>
      <chakra.input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        aria-valuetext={valueText}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-ends${error ? ` ${id}-error` : ''}`}
        w="full"
        h="6"
        accentColor="blue.600"
        cursor="pointer"
        {...inputProps}
      />
      <Box id={`${id}-ends`} w="full" display="flex" justifyContent="space-between" fontSize="sm" color="fg.muted">
        <span>{minLabel}</span>
        <chakra.span srOnly> {t('to')} </chakra.span>
        <span>{maxLabel}</span>
      </Box>
      {error?.message && (
        <Text id={`${id}-error`} color={ERROR_COLOR} textStyle="xs">
          {error.message}
        </Text>
      )}
    </Stack>
  );
}

interface ChoiceCardsFieldProps {
  legend: string;
  options: readonly SelectOption[];
  error: FieldError | undefined;
  disabled?: boolean;
  /** The radios' shared props: react-hook-form's register(name). Each radio is required. */
  inputProps: ComponentProps<'input'>;
}

/** A required choice of a few: native radios in cards, side by side from the small breakpoint on. */
export function ChoiceCardsField({ legend, options, error, disabled, inputProps }: ChoiceCardsFieldProps) {
  const errorId = useId();
  return (
    <chakra.fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      display="flex"
      flexDirection="column"
      gap="1.5"
    >
      <chakra.legend fontWeight="medium" textStyle="sm" mb="1.5">
        {legend}
      </chakra.legend>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {options.map((option) => (
          <chakra.label
            key={option.value}
            display="flex"
            alignItems="center"
            gap="2"
            px="3"
            py="2"
            borderWidth="1px"
            borderColor={error ? 'border.error' : 'border'}
            borderRadius="md"
            cursor="pointer"
            flex="1"
            _hover={{ bg: 'bg.muted' }}
            css={{
              '&:has(input:checked)': { borderColor: 'blue.600', bg: 'blue.subtle' },
              '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' },
            }}
          >
            <chakra.input type="radio" value={option.value} required {...inputProps} accentColor="blue.600" boxSize="4" />
            {option.label}
          </chakra.label>
        ))}
      </Stack>
      {error?.message && (
        <Text id={errorId} color={ERROR_COLOR} textStyle="xs">
          {error.message}
        </Text>
      )}
    </chakra.fieldset>
  );
}
