import { Skeleton, Stack } from '@chakra-ui/react';

/** A dashboard section's placeholder rows while it loads, announced as `label`. */
export function LoadingRows({ label, rows, height }: { label: string; rows: number; height: '12' | '16' }) {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}
