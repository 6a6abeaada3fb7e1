import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';

/**
 * A query built and compiled once, then run with new values: Kysely builds and compiles every
 * query anew, which costs more than SQLite takes to run these small ones, and the robots' checks
 * run thousands a second (bench part `licences`). `build` is called once, with a placeholder for
 * each of its parameters; every placeholder must reach the compiled query as a parameter of its
 * own, and is replaced by the value given at each run. Values fixed in `build` stay as they are.
 * The placeholders are counted by `build.length`: no default or rest parameters.
 */
export function preparedQuery<Values extends unknown[], Row>(
  build: (...values: Values) => Compilable<Row>,
): (...values: Values) => CompiledQuery<Row> {
  const run = compiledWithPlaceholders(build.length, (placeholders) => build(...(placeholders as Values)));
  return (...values) => run(values);
}

/**
 * `preparedQuery` for a query made from one record, such as an insert's row: each of `keys` is a
 * placeholder of its own, and each run takes the record's values of those keys (all of them:
 * a value left out is bound as missing, not as the column's default).
 */
export function preparedRecordQuery<Key extends string, Row>(
  keys: readonly Key[],
  build: (record: Record<Key, unknown>) => Compilable<Row>,
): (record: Record<Key, unknown>) => CompiledQuery<Row> {
  const run = compiledWithPlaceholders(keys.length, (placeholders) =>
    build(Object.fromEntries(keys.map((key, index) => [key, placeholders[index]])) as Record<Key, unknown>),
  );
  return (record) => run(keys.map((key) => record[key]));
}

function compiledWithPlaceholders<Row>(
  count: number,
  build: (placeholders: string[]) => Compilable<Row>,
): (values: unknown[]) => CompiledQuery<Row> {
  const placeholders = Array.from({ length: count }, (_, index) => `\u0000placeholder ${index}\u0000`);
  const compiled = build(placeholders).compile();
  const slots = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  const missing = placeholders.findIndex((_, index) => !slots.includes(index));
  if (missing >= 0) throw new Error(`preparedQuery: value ${missing} is not a parameter of: ${compiled.sql}`);
  return (values) => ({
    ...compiled,
    queryId: createQueryId(),
    parameters: slots.map((slot, index) => (slot < 0 ? compiled.parameters[index] : values[slot])),
  });
}
