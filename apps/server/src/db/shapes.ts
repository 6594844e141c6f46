import { type Compilable, CompiledQuery } from 'kysely';
import { type AnyDb, type Dialect, directReads } from './index.js';

/**
 * The SQL text of the hot queries (lists, get by id, the session of a token), kept per query shape.
 *
 * Building and compiling a Kysely query costs tens of microseconds, several times what SQLite needs to answer
 * an indexed read. A query's text depends only on its shape (which filters are set, the sort, the dialect),
 * never on the values, so Kysely builds and compiles each shape once; later calls bind their values to the
 * kept text. The caller names the values in the order they appear in the SQL; the first compile of a shape
 * checks that order against Kysely's own parameters and a shape whose values do not match is never kept.
 * Under the test runner every call compiles again and must give the kept text and the same parameters.
 */
const texts = new Map<string, string | null>();
const VERIFY = Boolean(process.env.VITEST);
/** a bound on the shapes kept; the known ones are a few per resource */
const MAX_SHAPES = 2000;

const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

export async function runShape<R = Record<string, unknown>>(
  db: AnyDb,
  dialect: Dialect,
  /** the shape's name; null: a query whose values the caller cannot name (compiled every time) */
  shape: string | null,
  params: readonly unknown[],
  build: () => Compilable,
): Promise<R[]> {
  const key = shape === null ? null : `${dialect}\u0000${shape}`;
  let text = key === null ? null : texts.get(key);
  if (key !== null && (text === undefined || VERIFY)) {
    const compiled = build().compile();
    const matches = same(compiled.parameters, params);
    if (VERIFY && !matches)
      throw new Error(`query shape ${shape}: values ${JSON.stringify(params)}, Kysely's ${JSON.stringify(compiled.parameters)}`);
    if (VERIFY && text !== undefined && text !== compiled.sql) throw new Error(`query shape ${shape} compiles to two texts`);
    if (text === undefined) {
      if (texts.size >= MAX_SHAPES) texts.clear();
      text = matches ? compiled.sql : null;
      texts.set(key, text);
    }
  }
  if (!text) return (await db.executeQuery<R>(build().compile())).rows;
  const rows = directReads.get(db)?.(text, params);
  if (rows) return rows as R[];
  return (await db.executeQuery<R>(CompiledQuery.raw(text, params as unknown[]))).rows;
}

/** how many shapes are kept and how many of them bind values (for tests) */
export function shapeStats(): { kept: number; bound: number } {
  let bound = 0;
  for (const v of texts.values()) if (v !== null) bound++;
  return { kept: texts.size, bound };
}
