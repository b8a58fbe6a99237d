import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose module (the zod schema, zod itself and the resolver) loads on
 * first use, so a page can render and take input before its validation code arrives. `preload`
 * fetches it ahead, e.g. once the page has mounted; a failed load is tried again on the next call.
 */
export function lazyResolver<Values extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Values, Context, Output>>,
) {
  let loading: Promise<Resolver<Values, Context, Output>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<Values, Context, Output> = async (values, context, options) =>
    (await get())(values, context, options);
  return {
    resolver,
    preload: () => {
      get().catch(() => {
        // The next validation tries again and reports the failure.
      });
    },
  };
}
