import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig from "../../app/routes";
import type { BuildRoute } from "../../server/http/route-table";

/**
 * The route table as React Router's server build lays it out (id, parent, path, module), made from
 * app/routes.ts and the route modules themselves, for tests that run without a build. The root and the
 * site layout only lay out their children (server/http/route-table.ts); they are not imported.
 */
export async function appRoutes(): Promise<Record<string, BuildRoute>> {
  const routes: Record<string, BuildRoute> = { root: { id: "root", path: "", module: {} } };
  const add = async (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      const module = id === "routes/_site" ? {} : ((await import(`../../app/${entry.file}`)) as BuildRoute["module"]);
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module };
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(routeConfig, "root");
  return routes;
}

/** Each route's module file (app/routes.ts) by route id, the root's and the layouts' included: for tests that read the source. */
export function appRouteFiles(): Map<string, string> {
  const files = new Map([["root", "app/root.tsx"]]);
  const add = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      files.set(entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), `app/${entry.file}`);
      if (entry.children) add(entry.children);
    }
  };
  add(routeConfig);
  return files;
}
