import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Messages are parsed at build time (gen.mjs writes ASTs), so FormatJS's parser is replaced by its no-parser entry.
export default defineConfig({
  resolve: { alias: { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" } },
  plugins: [reactRouter()],
});
