import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver that fetches zod, the resolver and the schema on the first
 * validation (the first submit or blur) instead of with the page: the sign-in and register forms
 * are on pages a first visit lands on, and zod is a sixth of their script.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    if (!resolver) {
      const [{ zodResolver }, schema] = await Promise.all([
        import('@hookform/resolvers/zod'),
        loadSchema(),
      ]);
      resolver = zodResolver(schema as never) as unknown as Resolver<T>;
    }
    return resolver(values, context, options);
  };
}
