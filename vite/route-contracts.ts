import path from "node:path";
import generatorModule from "@babel/generator";
import { parse } from "@babel/parser";
import traverseModule from "@babel/traverse";
import { deadCodeElimination, findReferencedIdentifiers } from "babel-dead-code-elimination";
import type { Plugin } from "vite";

/**
 * Keeps route contracts (`export const contract = defineRoute({...})`, core/route-contract.ts) out of the
 * browser build. Only the server reads them, but React Router removes just `loader`, `action`, `middleware` and
 * `headers` from a route's browser module, so a contract, and the zod schemas and modules it names, would ship
 * with every page (zod alone is about 20 KB compressed). Runs after React Router's own transform, on the
 * browser build's route modules: removes the export, then whatever only it used.
 */
// CommonJS packages: their functions sit on `default` when loaded from an ES module.
const traverse = ((traverseModule as unknown as { default?: typeof traverseModule }).default ?? traverseModule) as typeof traverseModule;
const generate = ((generatorModule as unknown as { default?: typeof generatorModule }).default ??
  generatorModule) as typeof generatorModule;

export function routeContractsServerOnly(root = process.cwd()): Plugin {
  const routesDir = `${path.resolve(root, "app/routes")}${path.sep}`;
  return {
    name: "pleazure:route-contracts-server-only",
    enforce: "post",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    transform(code, id) {
      const file = id.split("?")[0] as string;
      if (!file.startsWith(routesDir) || !code.includes("contract")) return null;
      const ast = parse(code, { sourceType: "module", plugins: ["jsx"] });
      const referencedBefore = findReferencedIdentifiers(ast);
      let removed = false;
      traverse(ast, {
        ExportNamedDeclaration(exported) {
          const declaration = exported.node.declaration;
          if (declaration?.type !== "VariableDeclaration") return;
          if (!declaration.declarations.some((d) => d.id.type === "Identifier" && d.id.name === "contract")) return;
          exported.remove();
          removed = true;
        },
      });
      if (!removed) return null;
      deadCodeElimination(ast, referencedBefore);
      const out = generate(ast, { sourceMaps: true, sourceFileName: file }, code);
      return { code: out.code, map: out.map };
    },
  };
}
