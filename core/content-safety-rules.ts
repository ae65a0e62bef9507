// The terms and patterns that suggest minors, one table per language the site serves (core/locales.ts).
// Every table applies to every text whatever its language: a German title can sit on the English site.
//
// A rule is a regex fragment over the normalised text (core/content-safety.ts): lower case, accents and
// other marks removed (ü → u, é → e, ç → c, Arabic short vowels gone, أ/إ/آ → ا; ñ, ؤ, ئ and the Japanese
// voiced kana kept), full-width and half-width forms folded, tatweel and invisible characters dropped,
// Arabic-Indic digits made ASCII. ASCII letters in rules are written in lower case; non-ASCII text in rules
// (ä, ñ, أ, 歳) is folded the same way when the pattern is built, so rules are written as the words are
// spelled. The decisions behind each table, false-positive traps included, are in the comment above it,
// docs/trust-and-safety.md and core/content-safety-languages.test.ts.

import type { Locale } from "./locales";

/** Between the parts of a compound term: nothing, spaces, hyphens or underscores. */
export const SEP = "[\\s_-]*";

export interface RuleTable {
  /** The language the table is for. */
  locale: Locale;
  /** latin/arabic: a match may not touch a letter of that script on either side; cjk: no boundaries (no spaces). */
  script: "latin" | "arabic" | "cjk";
  rules: readonly string[];
  /** Rules matched against the text with "ñ" kept (Spanish "niña" refused, the name "Nina" passes). */
  rulesWithEnye?: readonly string[];
}

export const any = (...alternatives: string[]) => `(?:${alternatives.join("|")})`;
const LATIN = "\\p{sc=Latin}";
/** 1 to 17 in digits, not the tail of a longer number or of a decimal ("118", "1.5"). */
export const UNDER_18 = "(?<!\\d[.,]?)(?:1[0-7]|[1-9])";
/** Words for years or "turned" after an age: "18" followed by one of them is still an age, "18 minutes" is not. */
const YEARS = any("a(?:ñ|n)(?:it|inh)?os", "ans", "jahre", "j(?:ä|ae)hrig", "years?", "yo", "geworden", "cumplid", "feit", "complet");
/** 18 written one of the ways of `forms`, alone or before a word for years: "barely 18 (years)", not "barely 18 minutes". */
const eighteen = (...forms: string[]) => `${any(...forms)}(?!${SEP}(?!${YEARS})\\p{L})`;
/** Not right after one of `words` (Latin script): "vor 16 Jahren", "il y a 16 ans", "hace 16 años" are durations. */
const notAfter = (...words: string[]) => `(?<!(?<!${LATIN})${any(...words)}${SEP})`;
/** Not followed by one of `words`: "16 Jahre später", "16 ans de mariage" are durations too. */
export const notBefore = (...words: string[]) => `(?!${SEP}${any(...words)})`;

// English, as before this table existed: letter boundaries let "canteen", "kidney", "minority", "Childress"
// and "childhood" pass, while digits count as a boundary so "18teen" and "teen18" are caught.
const EN: RuleTable = {
  locale: "en",
  script: "latin",
  rules: [
    `(?:pre${SEP})?teen(?:s|age|aged|ager|agers|ie|ies)?`,
    `under${SEP}aged?`,
    `school${SEP}(?:girl|boy)s?`,
    `young${SEP}looking`,
    `loli(?:s|ta|tas|con)?`,
    `shota(?:s|con)?`,
    `minors?`,
    `child(?:s|ren|like)?`,
    `kid(?:s|die|dies|dy)?`,
    `jail${SEP}bait`,
    `barely${SEP}(?:legal|18|eighteen)`,
    // Explicit ages ("16yo", "15 y/o", "17-year-old"); the digit lookbehind keeps "18yo", "118 years old" out.
    `(?<!\\d)(?:1[0-7]|[1-9])${SEP}(?:yo|y/o|yrs?${SEP}old|years?${SEP}old)`,
  ],
};

const DE_UNDER_18_WORDS = any("zehn", "elf", "zwölf", "zwoelf", "dreizehn", "vierzehn", "fünfzehn", "fuenfzehn", "sechzehn", "siebzehn");
const DE_AGE_UNIT = `${any("jahre", "j(?:ä|ae)hrig(?:e|er|en|em|es)?")}${notBefore("lang", "später", "spaeter", "danach", "zusammen", "verheiratet", "ehe", "beziehung", "erfahrung", "garantie", "jubil(?:ä|ae)um", "bestehen")}`;

// German. "Kind" is also English ("kind of", "one of a kind"), so alone it is refused only after a German
// article, pronoun or adjective ("ein Kind", "das Kind", "kleines Kind"); the German-only forms and every
// compound with Kinder- are refused wherever they stand (Kinderzimmer, and "kinderleicht" too), so the English
// comparative "kinder" is refused as well, as English refuses "minor" despite "a minor issue". "Kindle",
// "Rind", "Kindheit" (childhood, which English lets pass too) and "Jugendstil" pass. Umlauts may be written
// ae/oe/ue. "unter 18" passes in every language (the site's own policy texts say it). Ages: "16 Jahre",
// "16-jährige", "sechzehnjährig", except after vor/seit/für/… or before später/lang/Erfahrung/….
const DE: RuleTable = {
  locale: "de",
  script: "latin",
  rules: [
    `${any("ein", "einem", "einen", "eines", "das", "dem", "des", "kein", "keinem", "mein", "meinem", "dein", "sein", "ihr", "ihrem", "unser", "euer", "jedes", "dieses", "kleines", "kleinen", "junges", "jungen", "als", "vom", "zum", "beim", "fürs")}${SEP}kind`,
    `kind(?:es|ern|chen|lein)`,
    `kinder\\p{L}*`,
    `kindlich(?:e|er|en|em|es|keit)?`,
    `(?:klein|schul)kind(?:er|ern|es)?`,
    `kind${SEP}(?:frau|weib)(?:en|er)?`,
    `klein(?:e|es|en)?${SEP}m(?:ä|ae)d(?:chen|el|els)`,
    `klein(?:e|er|en)?${SEP}(?:junge|jungen|jungs|bub|buben)`,
    // teen and pre-teen ("Teenager", "Teenie" are caught by the English rules)
    `teenys?`,
    `jugendlich(?:e|er|en|em|es)?`,
    `jung${SEP}aussehend(?:e|er|en|em|es)?`,
    `(?:vor|pr(?:ä|ae))pubert(?:ä|ae)r(?:e|er|en|em|es)?`,
    `pubertierend(?:e|er|en|em|es)?`,
    // schoolgirl, schoolboy, pupil ("Schule" alone passes, as "school" does)
    `(?:grund|haupt|real|gesamt|mit)?sch(?:ü|ue)ler(?:in|innen|n|s)?`,
    `schul${SEP}(?:m(?:ä|ae)dchen|m(?:ä|ae)dels?|junge|jungen|jungs|bub|buben|kind|kinder|girls?)`,
    `gymnasiast(?:in|innen|en)?`,
    // underage
    `minderj(?:ä|ae)hrig(?:e|er|en|em|es|keit)?`,
    `(?:nicht|noch${SEP}nicht)${SEP}vollj(?:ä|ae)hrig(?:e|er|en|em|es)?`,
    `noch${SEP}nicht${SEP}${eighteen("18", "achtzehn")}`,
    // "barely legal"
    `${any("gerade", "frisch", "kaum", "eben")}${SEP}(?:erst${SEP})?(?:${eighteen("18", "achtzehn")}|vollj(?:ä|ae)hrig(?:e|er|en|em|es)?|legal)`,
    // ages under 18
    `${notAfter("vor", "seit", "für", "fuer", "über", "ueber", "nach", "alle", "in", "binnen", "innerhalb")}(?:${UNDER_18}|${DE_UNDER_18_WORDS})${SEP}${DE_AGE_UNIT}`,
  ],
};

const FR_AGE_NOT_AFTER = notAfter(
  `il${SEP}y${SEP}a`,
  "depuis",
  "pendant",
  "durant",
  "en",
  "dans",
  "après",
  "voilà",
  `ça${SEP}fait`,
  `tous${SEP}les`,
);
const FR_AGE_NOT_BEFORE = notBefore(
  `plus${SEP}tard`,
  "après",
  `de${SEP}mariage`,
  `d['’]${SEP}expérience`,
  `de${SEP}vie${SEP}commune`,
  "ensemble",
);

// French. "enfantin" (childish) is refused as English "childlike" is, although "c'est enfantin" can mean "it is
// easy"; "enfance" (childhood) passes as English "childhood" does. "mineur" is refused although it is also a
// coal miner and a minor key, as English "minor" is. "ado" alone is also English ("much ado"): "ados" and "ado"
// after a French article or adjective ("une ado", "l'ado", "jeune ado") are refused. "jeune fille" and "jeune"
// pass, as English "young" and "girl" do; "petite fille" (little girl) is refused, "petite-fille" (granddaughter)
// passes. "gosse" is left out: it is also Quebec slang and German for "gutter". "moins de 18 ans" passes.
const FR: RuleTable = {
  locale: "fr",
  script: "latin",
  rules: [
    `enfant(?:s|in|ine|ins|ines)?`,
    `petit(?:e|es|s)?[\\s_]+(?:fille|garçon)s?`,
    `fillettes?`,
    `gamin(?:e|es|s)?`,
    `bambin(?:e|es|s)?`,
    `mômes?`,
    `infantiles?`,
    // teen and pre-teen
    `adolescent(?:e|es|s)?`,
    `ados`,
    `${any("un", "une", "la", "le", "les", "ma", "mon", "ta", "ton", "sa", "son", "cette", "cet", "ce", "jeune", "jeunes", "petite?s?", "belle", "jolie")}[\\s_-]+ado`,
    `l['’]${SEP}ado`,
    `pré${SEP}ado(?:s|lescent(?:e|es|s)?)?`,
    `(?:im|pré${SEP})?pubères?`,
    `nymphettes?`,
    // schoolgirl, schoolboy, pupils of collège and lycée
    `écolier(?:e|es|s)?`,
    `collégien(?:ne|nes|s)?`,
    `lycéen(?:ne|nes|s)?`,
    // underage
    `mineur(?:e|es|s)?`,
    `pas${SEP}encore${SEP}majeur(?:e|es|s)?`,
    // "barely legal"
    `${any(`à${SEP}peine`, `tout${SEP}juste`, "fraîchement", `tout${SEP}frais`, `toute?${SEP}fraîche`)}${SEP}(?:${eighteen("18", `dix${SEP}huit`)}|majeur(?:e|es|s)?|légal(?:e|es)?)`,
    `juste${SEP}(?:18|dix${SEP}huit)${SEP}ans`,
    `vient${SEP}d['’]${SEP}avoir${SEP}(?:18|dix${SEP}huit)`,
    // ages under 18: "16 ans", "seize ans" (not the tail of "soixante-seize", "quatre-vingt-dix", "soixante et onze")
    `${FR_AGE_NOT_AFTER}${UNDER_18}${SEP}ans${FR_AGE_NOT_BEFORE}`,
    `${FR_AGE_NOT_AFTER}(?<!(?:soixante|vingt)${SEP}(?:et${SEP})?)${any(`dix(?:${SEP}sept)?`, "onze", "douze", "treize", "quatorze", "quinze", "seize")}${SEP}ans${FR_AGE_NOT_BEFORE}`,
  ],
};

// Spanish and Portuguese share the age rule: "años" folds to "anos", so one rule with both languages'
// duration words ("hace 16 años", "há 16 anos", "16 años después", "16 anos de casados") serves both.
const IBERIAN_AGE_NOT_AFTER = notAfter(
  "hace",
  "desde",
  "durante",
  "por",
  "en",
  "tras",
  `después${SEP}de`,
  `luego${SEP}de`,
  "cada",
  `dentro${SEP}de`,
  "hasta",
  "há",
  "faz",
  "em",
  "após",
  `depois${SEP}de`,
  `a${SEP}cada`,
  `daqui${SEP}a`,
  "até",
);
const IBERIAN_AGE_NOT_BEFORE = notBefore(
  "después",
  `más${SEP}tarde`,
  "depois",
  `mais${SEP}tarde`,
  "juntos",
  `de${SEP}casad(?:o|a)s`,
  `de${SEP}matrimonio`,
  `de${SEP}casamento`,
  `de${SEP}experiencia`,
  `de${SEP}experiência`,
);
const IBERIAN_UNDER_18_WORDS = any(
  "diez",
  "once",
  "doce",
  "trece",
  "catorce",
  "quince",
  "dieciséis",
  `diez${SEP}y${SEP}seis`,
  "diecisiete",
  `diez${SEP}y${SEP}siete`,
  "dez",
  "onze",
  "doze",
  "treze",
  "quatorze",
  "dezesseis",
  "dezasseis",
  "dezessete",
  "dezassete",
);

// Spanish. "niña"/"niño" are refused with their ñ; without it "Nina" and "Nino" are names and pass, while the
// plurals "ninas"/"ninos" are refused either way. "niñera" (nanny) and "niñez" (childhood) pass. Bare
// "menor"/"menores" pass: they are the everyday "smaller/lesser/younger" ("menor precio", "sin la menor
// duda"); the noun is refused with its complement ("menor de edad", "menorcita"). "chica", "joven" and "nena"
// (also "babe" in Latin America) pass; "jovencita", "colegiala" and "quinceañera" are refused.
// "menor de 18 años" passes as "under 18" does in every language.
const ES: RuleTable = {
  locale: "es",
  script: "latin",
  rules: [
    `niñ(?:as|os)`,
    `niñit(?:a|o|as|os)`,
    `infantil(?:es)?`,
    `chiquill(?:a|o|as|os)`,
    `chamac(?:a|o|as|os)`,
    `escuincl(?:e|es)`,
    // teen and pre-teen
    `(?:pre${SEP})?adolescentes?`,
    `jovencit(?:a|o|as|os)`,
    `quinceañer(?:a|o|as|os)`,
    `(?:pre${SEP}|im)?púber(?:es)?`,
    `pubescentes?`,
    // schoolgirl, schoolboy
    `colegial(?:a|as|es)?`,
    `${any("chicas?", "chicos?", "alumn(?:a|o|as|os)", "estudiantes?")}${SEP}de${SEP}(?:la${SEP})?${any("secundaria", "primaria", "prepa", "preparatoria", "instituto", "colegio", "bachillerato")}`,
    // underage
    `menor(?:es)?${SEP}de${SEP}edad`,
    `menorcit(?:a|o|as|os)`,
    `(?:aún|todavía)${SEP}no${SEP}(?:cumple|tiene|ha${SEP}cumplido)${SEP}(?:los${SEP})?${eighteen("18", "dieciocho")}`,
    // "barely legal" (Portuguese "apenas 18" too)
    `${any("apenas", "recién", `recién${SEP}cumplid(?:a|o|as|os)`, `acaba${SEP}de${SEP}cumplir`, `(?:ya|apenas)${SEP}cumplió`)}${SEP}(?:los${SEP})?(?:${eighteen("18", "dieciocho", "dezoito")}|mayor${SEP}de${SEP}edad|legal)`,
    // ages under 18, Spanish and Portuguese ("16 años", "dieciséis años", "16 anos", "16 añitos", "16 primaveras")
    `${IBERIAN_AGE_NOT_AFTER}(?:${UNDER_18}|${IBERIAN_UNDER_18_WORDS})${SEP}años${IBERIAN_AGE_NOT_BEFORE}`,
    `${UNDER_18}${SEP}primaveras`,
    `(?<!\\d)(?:1[0-8]|[1-9])${SEP}(?:añitos|aninhos)`,
  ],
  rulesWithEnye: [`niñ[ao]`],
};

// Brazilian Portuguese. "menor" also means "smaller/lesser" ("menor preço", "sem a menor dúvida"), so it passes
// alone (see Spanish); refused are "menor de idade", the slang "de menor" ending a phrase ("uma de menor") and
// "menorzinha". "menina" and "garota" pass as "girl" does; the diminutives "menininha", "garotinha" are refused.
// "novinha"/"novinho" are refused: on an adult site they are the Brazilian "teen", although "novinho" can
// also mean "brand new". Ages in "anos": the Spanish table's rule.
const PT: RuleTable = {
  locale: "pt-BR",
  script: "latin",
  rules: [
    `crianças?`,
    `infantil`,
    `infantis`,
    `menininh(?:a|o|as|os)`,
    `garotinh(?:a|o|as|os)`,
    `pirralh(?:a|o|as|os)`,
    // teen and pre-teen
    `novinh(?:a|o|as|os)`,
    `ninfet(?:a|as|inha|inhas)`,
    `pré${SEP}adolescentes?`,
    `(?:pré${SEP}|im)?púberes?`,
    // schoolgirl, schoolboy
    `colegia(?:l|is)`,
    `${any("alun(?:a|o|as|os)", "estudantes?", "meninas?", "meninos?", "garotas?", "garotos?")}${SEP}d(?:a|o|e|as|os)${SEP}${any(`ensino${SEP}(?:médio|fundamental)`, "colégio", "escola", "primário", "ginásio")}`,
    // underage
    `menor(?:es)?${SEP}de${SEP}idade`,
    `de${SEP}menor(?![\\s_-]*\\p{L})`,
    `menorzinh(?:a|o|as|os)`,
    `ainda${SEP}não${SEP}(?:fez|tem|completou)${SEP}(?:os${SEP})?${eighteen("18", "dezoito")}`,
    // "barely legal"
    `${any(`acabou${SEP}de${SEP}(?:fazer|completar)`, `mal${SEP}(?:fez|completou)`, "recém", `recém${SEP}(?:feitos|completados|completou|fez)`)}${SEP}(?:os${SEP})?(?:${eighteen("18", "dezoito")}|maior${SEP}de${SEP}idade|legal)`,
  ],
};

/** The tables of the languages written in Latin script; Japanese and Arabic: content-safety-rules-ja-ar.ts. */
export const LATIN_TABLES: readonly RuleTable[] = [EN, DE, FR, ES, PT];
