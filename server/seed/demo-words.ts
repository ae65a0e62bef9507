import type { TranslatedLocale } from "../../core/translations";
import type { TitleWords } from "./catalogue";

/**
 * The demo titles in the six other languages (docs/i18n.md "Content"): the English title's words
 * (server/seed/catalogue.ts, ADJECTIVES × NOUNS × SUFFIXES, in the same order here) put together by each
 * language's grammar: German adjectives take the strong ending of the noun's gender ("Goldener Horizont",
 * "Goldene Flut", "Goldenes Prisma"); French, Spanish and Portuguese put the adjective after the noun and agree
 * it ("Marée dorée", "Horizon doré"); Japanese puts the modifier first ("黄金のオーロラ"); Arabic puts the adjective
 * after the noun and agrees it ("شفق ذهبي", "جمرة ذهبية"). Suffixes that are adjectives agree too.
 */

type Gender = "m" | "f" | "n";
/** The masculine and feminine forms ("doré/dorée"), or one form for both. */
type Agreeing = string;

interface Grammar {
  /** "word gender", e.g. "marée f". */
  nouns: readonly string[];
  adjectives: readonly Agreeing[];
  suffixes: readonly Agreeing[];
  compose: (adjective: string, noun: string, suffix: string) => string;
  /** German: the strong nominative endings by gender; the others agree by the "m/f" forms. */
  endings?: Record<Gender, string>;
}

/** A list written as one line, its items between bars. */
const list = (items: string) => items.split("|");

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const nounAfter = (adjective: string, noun: string, suffix: string) => capitalise(`${noun} ${adjective}${suffix}`);

const GRAMMARS: Record<TranslatedLocale, Grammar> = {
  de: {
    endings: { m: "er", f: "e", n: "es" },
    adjectives: list(
      "samtig|neonhell|golden|mitternächtlich|purpurrot|seiden|elektrisch|bernsteinfarben|mondhell|saphirblau|dunstig|strahlend|langsam|flüssig|glühend|flüsternd|schimmernd|violett|warm|endlos",
    ),
    nouns: list(
      "Polarlicht n|Nebel m|Flut f|Glut f|Prisma n|Treiben n|Horizont m|Tagtraum m|Trugbild n|Kaskade f|Echo n|Blüte f|Puls m|Umlaufbahn f|Dunst m|Lagune f|Spirale f|Schein m|Strömung f|Traum m",
    ),
    suffixes: list("||| II| in der Dämmerung| bei Nacht| in Bewegung| neu gedacht| (Langfassung)| – Nächte"),
    compose: (adjective, noun, suffix) => `${capitalise(adjective)} ${noun}${suffix}`,
  },
  fr: {
    adjectives: list(
      "velouté/veloutée|néon|doré/dorée|de minuit|cramoisi/cramoisie|soyeux/soyeuse|électrique|ambré/ambrée|lunaire|saphir|brumeux/brumeuse|radieux/radieuse|lent/lente|liquide|incandescent/incandescente|murmurant/murmurante|chatoyant/chatoyante|violet/violette|chaud/chaude|infini/infinie",
    ),
    nouns: list(
      "aurore f|nébuleuse f|marée f|braise f|prisme m|dérive f|horizon m|rêverie f|mirage m|cascade f|écho m|floraison f|pulsation f|orbite f|brume f|lagune f|spirale f|lueur f|courant m|rêve m",
    ),
    suffixes: list("||| II| au crépuscule| à la nuit tombée| en mouvement| réinventé/réinventée| (version longue)| – Nuits"),
    compose: nounAfter,
  },
  es: {
    adjectives: list(
      "aterciopelado/aterciopelada|neón|dorado/dorada|de medianoche|carmesí|sedoso/sedosa|eléctrico/eléctrica|ambarino/ambarina|lunar|zafiro|brumoso/brumosa|radiante|lento/lenta|líquido/líquida|luminoso/luminosa|susurrante|tornasolado/tornasolada|violeta|cálido/cálida|infinito/infinita",
    ),
    nouns: list(
      "aurora f|nebulosa f|marea f|brasa f|prisma m|deriva f|horizonte m|ensueño m|espejismo m|cascada f|eco m|floración f|pulso m|órbita f|bruma f|laguna f|espiral f|resplandor m|corriente f|sueño m",
    ),
    suffixes: list("||| II| al anochecer| de noche| en movimiento| reinventado/reinventada| (versión extendida)| – Noches"),
    compose: nounAfter,
  },
  "pt-BR": {
    adjectives: list(
      "aveludado/aveludada|neon|dourado/dourada|da meia-noite|carmesim|sedoso/sedosa|elétrico/elétrica|ambarino/ambarina|lunar|safira|enevoado/enevoada|radiante|lento/lenta|líquido/líquida|luminoso/luminosa|sussurrante|cintilante|violeta|cálido/cálida|infinito/infinita",
    ),
    nouns: list(
      "aurora f|nebulosa f|maré f|brasa f|prisma m|deriva f|horizonte m|devaneio m|miragem f|cascata f|eco m|florescência f|pulso m|órbita f|névoa f|lagoa f|espiral f|brilho m|corrente f|sonho m",
    ),
    suffixes: list("||| II| ao entardecer| à noite| em movimento| reimaginado/reimaginada| (versão estendida)| – Noites"),
    compose: nounAfter,
  },
  ja: {
    adjectives: list(
      "ベルベットの|ネオンの|黄金の|真夜中の|深紅の|絹のような|電気を帯びた|琥珀色の|月の|サファイアの|かすんだ|輝く|ゆるやかな|液状の|ほのかに光る|ささやく|きらめく|すみれ色の|あたたかな|果てしない",
    ),
    nouns: list(
      "オーロラ n|星雲 n|潮 n|残り火 n|プリズム n|漂流 n|地平線 n|夢想 n|蜃気楼 n|滝 n|こだま n|開花 n|鼓動 n|軌道 n|もや n|ラグーン n|螺旋 n|光 n|流れ n|夢 n",
    ),
    suffixes: list("||| II|（夕暮れ）|（夜更け）|（モーション）|（リイマジン）|（ロング版）|（ナイト）"),
    compose: (adjective, noun, suffix) => `${adjective}${noun}${suffix}`,
  },
  ar: {
    adjectives: list(
      "مخملي/مخملية|نيوني/نيونية|ذهبي/ذهبية|منتصف الليل|قرمزي/قرمزية|حريري/حريرية|كهربائي/كهربائية|كهرماني/كهرمانية|قمري/قمرية|ياقوتي/ياقوتية|ضبابي/ضبابية|مشع/مشعة|بطيء/بطيئة|سائل/سائلة|متوهج/متوهجة|هامس/هامسة|متلألئ/متلألئة|بنفسجي/بنفسجية|دافئ/دافئة|لا نهائي/لا نهائية",
    ),
    nouns: list(
      "شفق m|سديم m|مد m|جمرة f|منشور m|انجراف m|أفق m|حلم يقظة m|سراب m|شلال m|صدى m|إزهار m|نبض m|مدار m|ضباب m|بحيرة f|دوامة f|توهج m|تيار m|حلم m",
    ),
    suffixes: list("||| II| عند الغسق| بعد حلول الظلام| في حركة| بحلة جديدة| (نسخة مطولة)| – ليالٍ"),
    compose: (adjective, noun, suffix) => `${noun} ${adjective}${suffix}`,
  },
};

/** The form agreeing with `gender`: "m/f" pairs pick theirs (a neuter takes the masculine), one form is both. */
function agree(word: string, gender: Gender): string {
  const [masculine = word, feminine] = word.split("/");
  if (gender !== "f" || feminine === undefined) return masculine;
  return `${/^\s*/.exec(masculine)?.[0] ?? ""}${feminine}`; // a suffix keeps its leading space
}

/** A demo title in `locale`, from the English title's words. */
export function translatedTitle(locale: TranslatedLocale, words: TitleWords): string {
  const grammar = GRAMMARS[locale];
  const noun = grammar.nouns[words.noun]!;
  const at = noun.lastIndexOf(" ");
  const [word, gender] = [noun.slice(0, at), noun.slice(at + 1) as Gender];
  const adjective = grammar.endings
    ? `${grammar.adjectives[words.adjective]!}${grammar.endings[gender]}`
    : agree(grammar.adjectives[words.adjective]!, gender);
  return grammar.compose(adjective, word, agree(grammar.suffixes[words.suffix]!, gender));
}

/** Every language's word lists, for the test that holds them to the English lists' lengths. */
export const WORD_LISTS = Object.fromEntries(
  Object.entries(GRAMMARS).map(([l, g]) => [l, { adjectives: g.adjectives.length, nouns: g.nouns.length, suffixes: g.suffixes.length }]),
) as Record<TranslatedLocale, { adjectives: number; nouns: number; suffixes: number }>;
