// The feedback forms' own fields, beside the ui's FormField/Input/Textarea/Select: native range
// inputs and radio cards, which keyboard, touch and screen readers work with no script, and which
// the browser posts with the form before (or without) the page's code.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useT } from '../runtime/useT';
import { styled } from 'styled-system/jsx';
import { Box, Flex, Stack, Text } from '../ui/primitives';
import { useStableId } from '../runtime/useStableId';

interface RangeFieldProps {
  label: string;
  name: string;
  min: number;
  max: number;
  step: number;
  defaultValue: number;
  /** The value as shown beside the label and said by screen readers ("4 of 7", "50%"). */
  readOut: (value: number) => string;
  minLabel: string;
  maxLabel: string;
  error?: string;
  disabled?: boolean;
}

/** A native range input with its read-out, its two ends and its error. */
export function RangeField({ label, name, min, max, step, defaultValue, readOut, minLabel, maxLabel, error, disabled }: RangeFieldProps) {
  const { t } = useT();
  const id = useStableId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(defaultValue);
  // Moved before the page's code ran: the read-out follows what the slider holds.
  useEffect(() => {
    if (input.current) setValue(Number(input.current.value));
  }, []);
  const shown = readOut(value);
  return (
    <Stack gap="1.5">
      <Flex w="full" justify="space-between" align="baseline" gap="3">
        <styled.label htmlFor={id} fontWeight="medium" textStyle="sm">
          {label}
        </styled.label>
        <Text fontWeight="semibold" aria-hidden="true">
          {shown}
        </Text>
      </Flex>
      <styled.input
        ref={input}
        id={id}
        type="range"
        name={name}
        min={min}
        max={max}
        step={step}
        defaultValue={String(defaultValue)}
        disabled={disabled}
        aria-valuetext={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-ends${error ? ` ${id}-error` : ''}`}
        onInput={(event: FormEvent<HTMLInputElement>) => setValue(Number(event.currentTarget.value))}
        w="full"
        h="6"
        accentColor="blue.600"
        cursor="pointer"
      />
      <Box id={`${id}-ends`} w="full" display="flex" justifyContent="space-between" fontSize="sm" color="fg.muted">
        <span>{minLabel}</span>
        <styled.span srOnly> {t('to')} </styled.span>
        <span>{maxLabel}</span>
      </Box>
      {error && (
        // ERROR_COLOR (ui/states.tsx): fg.error fails AA contrast at this size.
        <Text id={`${id}-error`} color={{ base: 'red.700', _dark: 'red.300' }} textStyle="xs">
          {error}
        </Text>
      )}
    </Stack>
  );
}

export interface ChoiceOption {
  value: string;
  label: string;
}

interface ChoiceCardsFieldProps {
  legend: string;
  name: string;
  options: readonly ChoiceOption[];
  defaultValue?: string;
  error?: string;
  disabled?: boolean;
}

/** A required choice of a few: native radios in cards, side by side from the small breakpoint on. */
export function ChoiceCardsField({ legend, name, options, defaultValue, error, disabled }: ChoiceCardsFieldProps) {
  const errorId = useStableId();
  return (
    <styled.fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
      display="flex"
      flexDirection="column"
      gap="1.5"
    >
      <styled.legend fontWeight="medium" textStyle="sm" mb="1.5">
        {legend}
      </styled.legend>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        {options.map((option) => (
          <styled.label
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
            <styled.input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              required
              accentColor="blue.600"
              boxSize="4"
            />
            {option.label}
          </styled.label>
        ))}
      </Stack>
      {error && (
        <Text id={errorId} color={{ base: 'red.700', _dark: 'red.300' }} textStyle="xs">
          {error}
        </Text>
      )}
    </styled.fieldset>
  );
}
