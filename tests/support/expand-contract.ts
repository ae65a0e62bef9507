import fs from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import traverseModule, { type NodePath } from "@babel/traverse";
import type * as t from "@babel/types";

/**
 * The static half of the expand/contract guard (docs/decisions/0039-rolling-upgrade-drill.md): during a rolling
 * upgrade the previous release keeps serving on the schema the new one migrated, so a migration may only expand
 * (add tables, nullable columns or columns with a default, indexes; relax a constraint). This reads a migration's
 * `up` (its SQL templates and Kysely schema-builder calls) and names each statement that would break code written
 * for the schema before it: drops, renames, type changes, new NOT NULLs, new constraints or unique indexes on
 * existing tables, dropped defaults, constraints and unique indexes. A contract step, once no release in service
 * uses what it removes, carries a reviewed comment right above its statement:
 *
 *     // contract step: <why no release still in service needs it>
 *
 * The other half is tests/e2e/rolling-upgrade.spec.ts: the previous release serving and writing on the new schema.
 */

// CommonJS package: its function sits on `default` when loaded from an ES module.
const traverse = ((traverseModule as unknown as { default?: typeof traverseModule }).default ?? traverseModule) as typeof traverseModule;

export interface Finding {
  migration: string;
  line: number;
  rule: string;
  why: string;
  /** The statement, whitespace collapsed and cut short. */
  statement: string;
}

export interface GuardContext {
  /** Unique indexes earlier migrations made: the previous release's ON CONFLICT clauses may name them. */
  uniqueIndexes?: ReadonlySet<string>;
}

/** The comment that marks a reviewed contract step; a reason of 10 characters or more must follow it. */
export const CONTRACT_MARK = /contract step:\s*\S.{9,}/i;

const WHY = {
  drop: "drops what the previous release may still read or write",
  dropColumn: "drops a column the previous release may still read or write",
  rename: "renames: the previous release still uses the old name",
  columnType: "changes a column's type under the previous release's reads and writes",
  setNotNull: "makes a column NOT NULL that the previous release may leave empty",
  dropDefault: "drops a default the previous release's inserts rely on",
  addNotNull: "adds a NOT NULL column without a default: the previous release's inserts do not name it",
  addConstraint: "adds a constraint to an existing table: the previous release's writes were not made to satisfy it",
  addUniqueIndex: "adds a unique index to an existing table: the previous release's writes may now conflict",
  dropConstraint: "drops a constraint the previous release may rely on (ON CONFLICT, cascades, checks)",
  dropUniqueIndex: "drops a unique index the previous release's ON CONFLICT may name",
  setSchema: "moves an object to another schema: the previous release still looks for it where it was",
} as const;

/** The findings of one migration's `up`. */
export function checkMigration(migration: string, source: string, context: GuardContext = {}): Finding[] {
  const ast = parse(source, { sourceType: "module", plugins: ["typescript"] });
  let up: NodePath | undefined;
  traverse(ast, {
    FunctionDeclaration(p) {
      if (p.node.id?.name === "up") up = p;
    },
    VariableDeclarator(p) {
      if (p.node.id.type === "Identifier" && p.node.id.name === "up") up = p;
    },
  });
  if (!up) return [{ migration, line: 1, rule: "no-up", why: "no `up` function to check", statement: "" }];
  const upStatement = up.getStatementParent();
  const finding = (at: NodePath, rule: string, why: string, statement: string, line?: number): Found => ({
    migration,
    line: line ?? at.node.loc?.start.line ?? 0,
    rule,
    why,
    statement,
    reviewed: reviewed(at, upStatement),
  });

  const findings: Found[] = [];
  const sqlParts: { text: string; line: number; at: NodePath }[] = [];
  up.traverse({
    TemplateLiteral(p) {
      const text = p.node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(" __value__ ");
      sqlParts.push({ text, line: p.node.loc?.start.line ?? 0, at: p });
    },
    StringLiteral(p) {
      // sql.raw("…") and the like; names given to the schema builder are checked with their calls below.
      if (/^\s*(ALTER|DROP|CREATE)\b/i.test(p.node.value)) sqlParts.push({ text: p.node.value, line: p.node.loc?.start.line ?? 0, at: p });
    },
    CallExpression(p) {
      const rule = builderRule(p.node);
      if (rule) findings.push(finding(p, rule[0], rule[1], shorten(source.slice(p.node.start ?? 0, p.node.end ?? 0))));
    },
  });

  const statements = sqlParts.flatMap((part) => splitStatements(part.text).map((s) => ({ ...s, line: part.line + s.lines, at: part.at })));
  const createdHere = new Set(statements.flatMap((s) => [...s.sql.matchAll(CREATE_TABLE)].map((m) => unquote(m[1] as string))));
  for (const s of statements) {
    for (const [rule, why] of sqlRules(s.sql, createdHere, context)) findings.push(finding(s.at, rule, why, shorten(s.sql), s.line));
  }
  return findings.filter((f) => !f.reviewed).map(({ reviewed: _, ...f }) => f);
}

/** The findings of the named migrations in `dir` (file names without .ts), unique indexes read from every migration there. */
export function checkMigrations(dir: string, names: readonly string[]): Finding[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const uniqueIndexes = new Set(
    files.flatMap((f) => [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(UNIQUE_INDEX)].map((m) => m[1] as string)),
  );
  return names.flatMap((name) => checkMigration(name, fs.readFileSync(path.join(dir, `${name}.ts`), "utf8"), { uniqueIndexes }));
}

/** One line per finding, for a test's failure message. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.migration}.ts:${f.line} [${f.rule}] ${f.why}: ${f.statement}`).join("\n");
}

const CREATE_TABLE = /CREATE\s+(?:UNLOGGED\s+|TEMP(?:ORARY)?\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([\w."]+)/gi;
const UNIQUE_INDEX = /CREATE\s+UNIQUE\s+INDEX\s+(?:CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi;

const unquote = (name: string) =>
  name
    .replace(/"/g, "")
    .replace(/^public\./i, "")
    .toLowerCase();
const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 137)}...` : flat;
};

type Found = Finding & { reviewed: boolean };

/**
 * Whether the statement holding `at`, or one enclosing it inside `up` (a loop), has the contract-step comment
 * above it. Comments above `up` itself do not count: each contract step is reviewed on its own.
 */
function reviewed(at: NodePath, upStatement: NodePath | null): boolean {
  for (let p = at.getStatementParent(); p && p !== upStatement; p = p.parentPath?.getStatementParent() ?? null) {
    if (p.node === upStatement?.node) break;
    if ((p.node.leadingComments ?? []).some((c) => CONTRACT_MARK.test(c.value))) return true;
    if (p.isFunction()) break;
  }
  return false;
}

/** SQL statements of one template with their line offsets, `--` comments removed. */
function splitStatements(text: string): { sql: string; lines: number }[] {
  const out: { sql: string; lines: number }[] = [];
  let line = 0;
  for (const chunk of text.split(";")) {
    const leading = chunk.match(/^\s*/)?.[0] ?? "";
    const sql = chunk.replace(/--[^\n]*/g, " ").trim();
    if (sql) out.push({ sql, lines: line + (leading.match(/\n/g)?.length ?? 0) });
    line += chunk.match(/\n/g)?.length ?? 0;
  }
  return out;
}

/** The comma-separated actions of an ALTER TABLE, commas inside parentheses or quotes left alone. */
function splitActions(text: string): string[] {
  const actions: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === "(") depth++;
    else if (!quoted && c === ")") depth--;
    else if (!quoted && depth === 0 && c === ",") {
      actions.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  actions.push(text.slice(start).trim());
  return actions.filter(Boolean);
}

function sqlRules(sql: string, createdHere: ReadonlySet<string>, context: GuardContext): [string, string][] {
  const s = sql.replace(/\s+/g, " ").toUpperCase();
  const found: [string, string][] = [];
  const dropped = s.match(/^DROP (TABLE|VIEW|MATERIALIZED VIEW|FUNCTION|PROCEDURE|TRIGGER|TYPE|SCHEMA|SEQUENCE|DOMAIN)\b/);
  if (dropped) found.push([`drop-${(dropped[1] as string).toLowerCase().replace(" ", "-")}`, WHY.drop]);
  const index = s.match(/^DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?([\w."]+)/);
  if (index && context.uniqueIndexes?.has(unquote(index[1] as string))) found.push(["drop-unique-index", WHY.dropUniqueIndex]);
  const unique = s.match(/^CREATE UNIQUE INDEX .*? ON (?:ONLY )?([\w."]+)/);
  if (unique && !createdHere.has(unquote(unique[1] as string))) found.push(["add-unique-index", WHY.addUniqueIndex]);
  if (/^ALTER (?!TABLE)\w+( \w+)? .*\bRENAME\b/.test(s)) found.push(["rename", WHY.rename]);
  const table = s.match(/^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([\w."]+) (.*)$/);
  if (!table || createdHere.has(unquote(table[1] as string))) return found;
  for (const action of splitActions(table[2] as string)) {
    if (/^RENAME\b/.test(action)) found.push(["rename", WHY.rename]);
    else if (/^DROP CONSTRAINT\b/.test(action)) found.push(["drop-constraint", WHY.dropConstraint]);
    else if (/^DROP\b/.test(action)) found.push(["drop-column", WHY.dropColumn]);
    else if (/^SET SCHEMA\b/.test(action)) found.push(["set-schema", WHY.setSchema]);
    else if (/^ADD (CONSTRAINT|CHECK|UNIQUE|PRIMARY KEY|FOREIGN KEY|EXCLUDE)\b/.test(action))
      found.push(["add-constraint", WHY.addConstraint]);
    else if (/^ADD\b/.test(action)) {
      if (/\bNOT NULL\b/.test(action) && !/\b(DEFAULT|GENERATED)\b/.test(action)) found.push(["add-not-null-column", WHY.addNotNull]);
    } else if (/^ALTER (COLUMN )?[\w"]+ (SET DATA )?TYPE\b/.test(action)) found.push(["column-type", WHY.columnType]);
    else if (/^ALTER (COLUMN )?[\w"]+ SET NOT NULL\b/.test(action)) found.push(["set-not-null", WHY.setNotNull]);
    else if (/^ALTER (COLUMN )?[\w"]+ DROP DEFAULT\b/.test(action)) found.push(["drop-default", WHY.dropDefault]);
  }
  return found;
}

/** Kysely schema-builder calls that contract the schema (calls chained on createTable make a new table: fine). */
const BUILDER: Record<string, [string, string]> = {
  dropTable: ["drop-table", WHY.drop],
  dropView: ["drop-view", WHY.drop],
  dropType: ["drop-type", WHY.drop],
  dropSchema: ["drop-schema", WHY.drop],
  dropColumn: ["drop-column", WHY.dropColumn],
  renameColumn: ["rename", WHY.rename],
  renameTo: ["rename", WHY.rename],
  setDataType: ["column-type", WHY.columnType],
  setNotNull: ["set-not-null", WHY.setNotNull],
  dropDefault: ["drop-default", WHY.dropDefault],
  dropConstraint: ["drop-constraint", WHY.dropConstraint],
  addUniqueConstraint: ["add-constraint", WHY.addConstraint],
  addCheckConstraint: ["add-constraint", WHY.addConstraint],
  addForeignKeyConstraint: ["add-constraint", WHY.addConstraint],
  addPrimaryKeyConstraint: ["add-constraint", WHY.addConstraint],
};

function builderRule(call: t.CallExpression): [string, string] | undefined {
  const callee = call.callee;
  if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return undefined;
  const method = callee.property.name;
  if (!(method in BUILDER) && method !== "addColumn") return undefined;
  if (chainRoot(call) === "createTable") return undefined;
  if (method === "addColumn") {
    const build = call.arguments[2];
    const text = build ? JSON.stringify(build) : "";
    return /"notNull"/.test(text) && !/"(defaultTo|generatedAlwaysAs)"/.test(text) ? ["add-not-null-column", WHY.addNotNull] : undefined;
  }
  return BUILDER[method];
}

/** The first method of a builder chain (`db.schema.alterTable(…).dropColumn(…)`: alterTable). */
function chainRoot(call: t.CallExpression): string | undefined {
  let node: t.Node = call;
  let name: string | undefined;
  while (node.type === "CallExpression" && node.callee.type === "MemberExpression") {
    if (node.callee.property.type === "Identifier") name = node.callee.property.name;
    node = node.callee.object;
  }
  return name;
}
