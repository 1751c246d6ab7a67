import { Box, type BoxProps } from '@chakra-ui/react';

const TONES = {
  info: { bg: 'blue.subtle', borderColor: 'blue.muted', color: 'blue.fg' },
  success: { bg: 'green.subtle', borderColor: 'green.muted', color: 'green.fg' },
  warning: { bg: 'orange.subtle', borderColor: 'orange.muted', color: 'orange.fg' },
  error: { bg: 'red.subtle', borderColor: 'red.muted', color: 'red.fg' },
} as const;

interface NoticeProps extends BoxProps {
  tone: keyof typeof TONES;
}

/**
 * A tinted message box for the form pages. Chakra's Alert brings its icons and slot context
 * (~1.2 KB gzip) into a page's first load; these pages are at the edge of the 200 KB budget.
 */
export function Notice({ tone, ...props }: NoticeProps) {
  return <Box borderWidth="1px" borderRadius="md" px="4" py="3" textStyle="sm" {...TONES[tone]} {...props} />;
}
