import { Box, Field, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ERROR_COLOR } from '../ui/colors';

interface TextFieldProps {
  label: string;
  error: FieldError | undefined;
  /** Text stays readable and selectable; selects (which cannot be read-only) are disabled. */
  readOnly?: boolean;
  disabled?: boolean;
  helperText?: string;
  children: React.ReactNode;
}

/** A required field: label, the control given as children, helper text and the error under it. */
export function TextField({ label, error, readOnly, disabled, helperText, children }: TextFieldProps) {
  return (
    <Field.Root required invalid={Boolean(error)} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error?.message && <Field.ErrorText color={ERROR_COLOR}>{error.message}</Field.ErrorText>}
    </Field.Root>
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
