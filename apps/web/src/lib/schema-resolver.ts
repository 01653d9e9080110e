import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that shows the schema's own first message per
 * field. zodResolver reports a union's closest branch instead ('Invalid input:
 * expected 0'), which hides messages set on the union itself, such as
 * CreateAgentRequest's 'Choose the account type'.
 */
export function schemaResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { message: issue.message, type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/**
 * schemaResolver for a schema loaded on first use: a page whose form is its
 * first paint (sign-in) does not wait for zod and the domain's schemas.
 */
export function lazySchemaResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().then((schema) => schemaResolver(schema));
    return (await resolver)(values, context, options);
  };
}
