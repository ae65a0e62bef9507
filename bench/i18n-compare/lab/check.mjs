// Sanity check before measuring: every i18n variant renders the same visible text for each page and language
// (so the sizes and times compare the same page), in the right <html lang dir>, with the plural categories of
// Arabic (zero, one, two, few, many) all used on the listing.
// Usage: NODE_ENV=production node check.mjs
import { LANGS, loadVariant, PAGES, pageUrl, render, VARIANTS } from "./pages.mjs";

const visible = (html) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
let failures = 0;
const i18nVariants = VARIANTS.filter((v) => v !== "baseline");
const loaded = Object.fromEntries(await Promise.all(i18nVariants.map(async (v) => [v, await loadVariant(v)])));
for (const page of PAGES) {
  for (const lang of LANGS) {
    const texts = {};
    for (const v of i18nVariants) {
      const html = await render(loaded[v].handler, pageUrl(v, page, lang));
      const dir = lang === "ar" ? "rtl" : "ltr";
      if (!html.includes(`<html lang="${lang}" dir="${dir}">`)) {
        console.log(`FAIL ${v} ${page} ${lang}: no <html lang="${lang}" dir="${dir}">`);
        failures++;
      }
      texts[v] = visible(html);
    }
    const [first, ...rest] = i18nVariants;
    for (const v of rest) {
      if (texts[v] !== texts[first]) {
        const a = texts[first].split(" | ");
        const i = [...texts[first]].findIndex((c, k) => c !== texts[v][k]);
        console.log(`FAIL ${page} ${lang}: ${v} differs from ${first} at ${i}: «${texts[first].slice(i - 40, i + 40)}» vs «${texts[v].slice(i - 40, i + 40)}»`, a.length);
        failures++;
      }
    }
  }
}
const ar = visible(await render(loaded[i18nVariants[0]].handler, pageUrl(i18nVariants[0], "listing", "ar")));
for (const form of ["لا مشاهدات", "مشاهدة واحدة", "مشاهدتان", "3 مشاهدات", "11 مشاهدة"])
  if (!ar.includes(form)) {
    console.log(`FAIL ar listing lacks «${form}»`);
    failures++;
  }
console.log(failures ? `${failures} check(s) failed` : `same text in ${i18nVariants.join(", ")}: ${PAGES.length} pages × ${LANGS.join(", ")}`);
process.exit(failures ? 1 : 0);
