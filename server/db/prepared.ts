import { type Compilable, CompiledQuery } from "kysely";
import { getDb } from "./connection";

/** Where one argument of a prepared query goes: a value Kysely passes through as a parameter. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query that Kysely builds and compiles once, at its first call; every call runs the same SQL with its own
 * arguments as the parameters. Building and compiling a query costs 40–50 µs of CPU per request (the search
 * page ran three), which the hot read paths of an uncached render need not pay again.
 *
 * `build` receives placeholders, not the arguments: each may only be used where Kysely takes a value (a
 * comparison's right side, `limit`, a `${value}` in a `sql` template), never in JavaScript (no string
 * concatenation, no branching on it, no `in` list: write `= any(${ids})` with an array argument instead).
 * The first call checks that every argument became a parameter and throws otherwise.
 */
export function prepared<A extends unknown[], R>(build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  let compiled: { sql: string; parameters: readonly unknown[]; slots: number[] } | undefined;
  const compile = (arity: number) => {
    const slots = Array.from({ length: arity }, (_, i) => new Slot(i));
    const query = build(...(slots as unknown as A)).compile();
    const at = query.parameters.map((p) => (p instanceof Slot ? p.index : -1));
    for (let i = 0; i < arity; i++)
      if (!at.includes(i)) throw new Error(`prepared query: argument ${i} is not a parameter of the compiled SQL`);
    return { sql: query.sql, parameters: query.parameters, slots: at };
  };
  return async (...args: A) => {
    compiled ??= compile(args.length);
    const { sql, parameters, slots } = compiled;
    const values = parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    const result = await getDb().executeQuery<R>(CompiledQuery.raw(sql, values) as CompiledQuery<R>);
    return result.rows;
  };
}
