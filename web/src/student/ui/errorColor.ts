/**
 * Error text that passes WCAG AA at small sizes: Chakra's `fg.error` (red.500) on white is ~3.8:1,
 * below the 4.5:1 axe requires for the xs error lines.
 */
export const ERROR_COLOR = { base: 'red.700', _dark: 'red.300' } as const;
