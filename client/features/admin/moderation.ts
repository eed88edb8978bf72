import { toast } from '../../lib/toast';
import { useAdminAction } from './api/admin';

/** Runs an admin action with the SPEC §8 failure toast. */
export function useModeration<Input>(
  request: (input: Input) => Promise<unknown>,
  success: string,
  failure: string,
) {
  const action = useAdminAction(request);
  return async (input: Input) => {
    try {
      await action.mutateAsync(input);
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(failure, { description: error instanceof Error ? error.message : undefined });
      return false;
    }
  };
}
