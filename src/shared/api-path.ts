/** The parameters a path template names: `/users/{userId}/roles/{roleId}` → `'userId' | 'roleId'`. */
export type PathParams<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** A template's parameter values: required when it names some, none when it names none. */
type ParamsArgument<Template extends string> = [PathParams<Template>] extends [never]
  ? []
  : [params: Record<PathParams<Template>, string | number>];

/**
 * Fills a generated route (`apiRoutes.user.actions.password` of src/generated/api-paths.ts) with its parameters,
 * each encoded: a missing one does not compile. The result is below the API base (`/users/u1/password`).
 */
export const apiPath = <Template extends string>(template: Template, ...[params]: ParamsArgument<Template>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
