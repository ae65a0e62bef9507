import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// INTL_AST=1: messages parsed at build time (gen.mjs writes app/locales-ast) and FormatJS's parser
// replaced by its no-parser entry, as FormatJS recommends for production.
const ast = process.env.INTL_AST === "1";

export default defineConfig({
  define: { __INTL_AST__: JSON.stringify(ast) },
  resolve: ast ? { alias: { "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js" } } : {},
  plugins: [reactRouter()],
});
