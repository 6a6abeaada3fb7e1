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
  const placeholders = Array.from({ length: build.length }, (_, index) => `\u0000placeholder ${index}\u0000`);
  const compiled = build(...(placeholders as Values)).compile();
  const slots = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  const missing = placeholders.findIndex((_, index) => !slots.includes(index));
  if (missing >= 0) throw new Error(`preparedQuery: value ${missing} is not a parameter of: ${compiled.sql}`);
  return (...values) => ({
    ...compiled,
    queryId: createQueryId(),
    parameters: slots.map((slot, index) => (slot < 0 ? compiled.parameters[index] : values[slot])),
  });
}
