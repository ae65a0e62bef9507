import path from "node:path";

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * One chunk for our own modules that the root route imports statically (docs/benchmarks.md "Issue 34: initial
 * JS"). Every page loads the root and so all of them; left to the automatic splitting they were a dozen chunks of
 * 100-700 bytes (a module shared with a lazily loaded part gets a chunk of its own), each costing its import and
 * export lists and its own compression. Modules of lazily loaded parts and of pages stay where they were.
 */
export function shellChunk(root = path.resolve("app/root.tsx")) {
  const own = (id: string) => !id.includes("/node_modules/") && !id.startsWith("\0") && /\/(app|core)\//.test(id);
  let shell: Set<string> | null = null;
  const closure = (ctx: ChunkingContext) => {
    const seen = new Set<string>();
    const queue = [root];
    for (const id of queue) {
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (!seen.has(next) && own(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen;
  };
  return {
    debugName: "shell",
    name: (id: string, ctx: ChunkingContext) => {
      shell ??= closure(ctx);
      return shell.has(id) ? "shell" : null;
    },
  };
}
