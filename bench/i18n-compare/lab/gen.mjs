// Writes each variant's message files from messages.mjs, in the form its library reads:
//   paraglide: messages/<locale>.json (inlang message format: declarations, plural selector, datetime)
//   i18next:   app/locales/<locale>/<namespace>.json (JSON v4: key_one/key_other..., {{x, number}}, {{d, datetime(...)}})
//   intl:      app/locales/<locale>/<namespace>.json (ICU MessageFormat: {count, plural, ...}, {date, date, medium}
//              (FormatJS's "medium" is year numeric, month short, day numeric: the options the others spell out)),
//              and app/locales-ast/... the same parsed ahead of time (FormatJS's advice for production: no parser in the bundle)
//   formatjs:  app/locales/<locale>/<namespace>.json, those parsed messages, plain text where a message is one
//              literal (intl-messageformat without react-intl)
//   baseline:  app/texts.ts (English only, hand-written style: constants, a ternary plural, one DateTimeFormat)
import fs from "node:fs";
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import path from "node:path";
import { catalog, LOCALES } from "./messages.mjs";

const here = import.meta.dirname;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};
const json = (o) => `${JSON.stringify(o, null, 2)}\n`;
const kindOf = (m) => (m.plural ? "plural" : m.date ? "date" : "text");

// Paraglide (inlang message format, plugin 4.x). PARAGLIDE_LOCALES=en,de compiles only those locales
// (build.sh --scaling measures how a page's JS grows with the number of locales).
const paraglideLocales = process.env.PARAGLIDE_LOCALES?.split(",") ?? LOCALES;
write(
  path.join(here, "variants/paraglide/project.inlang/settings.json"),
  json({
    $schema: "https://inlang.com/schema/project-settings",
    baseLocale: "en",
    locales: paraglideLocales,
    modules: ["../../node_modules/@inlang/plugin-message-format/dist/index.js"],
    "plugin.inlang.messageFormat": { pathPattern: "./messages/{locale}.json" },
  }),
);
for (const locale of LOCALES) {
  const out = {};
  for (const [ns, messages] of Object.entries(catalog)) {
    for (const [key, m] of Object.entries(messages)) {
      const id = `${ns}_${key}`;
      const kind = kindOf(m);
      if (kind === "text") out[id] = m[locale];
      else if (kind === "date") {
        out[id] = [
          {
            declarations: [`input ${m.date}`, `local ${m.date}Text = ${m.date}: datetime year=numeric month=short day=numeric timeZone=UTC`],
            selectors: [],
            match: { [`${m.date}Text=*`]: m[locale].replaceAll(`{${m.date}}`, `{${m.date}Text}`) },
          },
        ];
      } else {
        const v = m.plural;
        const match = {};
        for (const [cat, text] of Object.entries(m[locale])) match[`${v}Plural=${cat}`] = text.replaceAll(`{${v}}`, `{${v}Text}`);
        out[id] = [
          {
            declarations: [`input ${v}`, `local ${v}Plural = ${v}: plural`, `local ${v}Text = ${v}: number`],
            selectors: [`${v}Plural`],
            match,
          },
        ];
      }
    }
  }
  write(path.join(here, "variants/paraglide/messages", `${locale}.json`), json(out));
}

// i18next JSON v4, one file per namespace and locale
for (const locale of LOCALES) {
  for (const [ns, messages] of Object.entries(catalog)) {
    const out = {};
    for (const [key, m] of Object.entries(messages)) {
      const kind = kindOf(m);
      const braces = (s) => s.replace(/\{(\w+)\}/g, "{{$1}}");
      if (kind === "text") out[key] = braces(m[locale]);
      else if (kind === "date")
        out[key] = m[locale].replaceAll(`{${m.date}}`, `{{${m.date}, datetime(year: numeric; month: short; day: numeric; timeZone: UTC)}}`);
      else for (const [cat, text] of Object.entries(m[locale])) out[`${key}_${cat}`] = braces(text.replaceAll(`{${m.plural}}`, `{{${m.plural}, number}}`));
    }
    write(path.join(here, "variants/i18next/app/locales", locale, `${ns}.json`), json(out));
  }
}

// ICU MessageFormat for react-intl, one file per namespace and locale, ids "<namespace>.<key>"
for (const locale of LOCALES) {
  for (const [ns, messages] of Object.entries(catalog)) {
    const out = {};
    for (const [key, m] of Object.entries(messages)) {
      const kind = kindOf(m);
      const check = (s) => {
        if (s.includes("'")) throw new Error(`${ns}.${key} (${locale}): an ASCII apostrophe would quote in ICU; use ’`);
        return s;
      };
      if (kind === "text") out[`${ns}.${key}`] = check(m[locale]);
      else if (kind === "date") out[`${ns}.${key}`] = check(m[locale].replaceAll(`{${m.date}}`, `{${m.date}, date, medium}`));
      else {
        const branches = Object.entries(m[locale]).map(([cat, text]) => `${cat} {${check(text).replaceAll(`{${m.plural}}`, "#")}}`);
        out[`${ns}.${key}`] = `{${m.plural}, plural, ${branches.join(" ")}}`;
      }
    }
    write(path.join(here, "variants/intl/app/locales", locale, `${ns}.json`), json(out));
    const ast = Object.fromEntries(Object.entries(out).map(([id, text]) => [id, parse(text)]));
    write(path.join(here, "variants/intl/app/locales-ast", locale, `${ns}.json`), JSON.stringify(ast));
    // formatjs: a message that is one literal (no argument) is kept as its text, the rest as parsed ICU
    const literalOrAst = Object.fromEntries(
      Object.entries(ast).map(([id, a]) => [id, a.length === 1 && a[0].type === TYPE.literal ? a[0].value : a]),
    );
    write(path.join(here, "variants/formatjs/app/locales", locale, `${ns}.json`), JSON.stringify(literalOrAst));
  }
}

// Baseline: today's way, English constants in a texts module
const lines = [
  "// Generated by gen.mjs: the English texts the way the site keeps them today (constants, a ternary plural).",
  'const NUMBER = new Intl.NumberFormat("en-US");',
  'const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });',
];
const tpl = (s, fmt = {}) => `\`${s.replace(/\{(\w+)\}/g, (_, a) => `\${${fmt[a] ?? `a.${a}`}}`)}\``;
for (const [ns, messages] of Object.entries(catalog)) {
  lines.push(`export const ${ns} = {`);
  for (const [key, m] of Object.entries(messages)) {
    const kind = kindOf(m);
    const en = m.en;
    if (kind === "plural") {
      const v = m.plural;
      const f = { [v]: `NUMBER.format(a.${v})` };
      lines.push(`  ${key}: (a: { ${v}: number }) => (a.${v} === 1 ? ${tpl(en.one, f)} : ${tpl(en.other, f)}),`);
    } else if (kind === "date") {
      lines.push(`  ${key}: (a: { ${m.date}: Date }) => ${tpl(en, { [m.date]: `DATE.format(a.${m.date})` })},`);
    } else if (/\{\w+\}/.test(en)) {
      const args = [...en.matchAll(/\{(\w+)\}/g)].map((x) => `${x[1]}: string | number`);
      lines.push(`  ${key}: (a: { ${args.join("; ")} }) => ${tpl(en)},`);
    } else lines.push(`  ${key}: ${JSON.stringify(en)},`);
  }
  lines.push("};");
}
write(path.join(here, "variants/baseline/app/texts.ts"), `${lines.join("\n")}\n`);
console.log("messages written for", LOCALES.join(", "));
