import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * After a session starts or ends, nothing cached for the previous visitor may show: every query
 * is reset (its data dropped) and the ones on screen, such as the header's user, refetch.
 */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    queryClient.cancelQueries();
    await queryClient.resetQueries();
  }, [queryClient]);
}
