import { FALLBACK_CATEGORIES } from "../../core/categories";
import type { Chapter } from "../../core/chapters";
import { chaptersToText } from "../../core/chapters-schema";
import { TRANSLATED_LOCALES, type TranslatedLocale } from "../../core/translations";
import { DEMO_CHAPTER_SETS, type DemoVideoSpec } from "./catalogue";
import { translatedTitle } from "./demo-words";

/**
 * The demo content in the six other languages, seeded as published translations (docs/i18n.md "Content"): each
 * video's title (server/seed/demo-words.ts), its description sentence naming its category in that language, its
 * chapter titles, and each category's name and one-line description. Category names that are used as they are
 * internationally (MILF, POV, HD, BBW…) stay so. Every text passes the content policy (demo-texts.test.ts).
 */

const list = (items: string) => items.split("|");

/** The 24 categories' names in FALLBACK_CATEGORIES' order. */
const CATEGORY_NAMES: Record<TranslatedLocale, string[]> = {
  de: list(
    "Amateur|Anal|Asiatisch|BBW|Großer Hintern|Große Brüste|Blond|Blowjob|Brünett|Creampie|Cumshot|Ebony|Fetisch|Hardcore|HD|Interracial|Latina|Lesbisch|MILF|Pornostar|POV|Rothaarig|Dreier|Vintage",
  ),
  fr: list(
    "Amateur|Anal|Asiatique|BBW|Gros fessier|Gros seins|Blonde|Fellation|Brune|Creampie|Éjaculation|Ébène|Fétichisme|Hardcore|HD|Interracial|Latina|Lesbiennes|MILF|Star du porno|POV|Rousse|Plan à trois|Vintage",
  ),
  es: list(
    "Amateur|Anal|Asiática|BBW|Culo grande|Tetas grandes|Rubia|Mamada|Morena|Creampie|Corrida|Ébano|Fetiche|Hardcore|HD|Interracial|Latina|Lesbianas|MILF|Estrella porno|POV|Pelirroja|Trío|Vintage",
  ),
  "pt-BR": list(
    "Amador|Anal|Asiática|BBW|Bunda grande|Peitos grandes|Loira|Boquete|Morena|Creampie|Gozada|Ébano|Fetiche|Hardcore|HD|Inter-racial|Latina|Lésbicas|MILF|Estrela pornô|POV|Ruiva|Ménage|Vintage",
  ),
  ja: list(
    "アマチュア|アナル|アジア|BBW|巨尻|巨乳|ブロンド|フェラ|ブルネット|中出し|射精|エボニー|フェチ|ハードコア|HD|異人種|ラテン系|レズビアン|MILF|AV女優|POV|赤毛|3P|ヴィンテージ",
  ),
  ar: list(
    "هواة|شرجي|آسيوي|BBW|مؤخرة كبيرة|صدور كبيرة|شقراء|جنس فموي|سمراء|كريمباي|قذف|إيبوني|فتيش|هاردكور|HD|بين الأعراق|لاتينية|مثليات|MILF|نجمة إباحية|POV|صهباء|ثلاثي|كلاسيكي",
  ),
};

/** Each category's one line, English included (`categories.description`), with its name in the language. */
const CATEGORY_LINE: Record<"en" | TranslatedLocale, (name: string) => string> = {
  en: (name) => `Abstract, AI-generated videos in the ${name} collection. No real people appear in them.`,
  de: (name) => `Abstrakte, KI-generierte Videos aus der Sammlung ${name}. Darin sind keine echten Menschen zu sehen.`,
  fr: (name) => `Des vidéos abstraites, générées par IA, de la collection ${name}. Aucune personne réelle n'y apparaît.`,
  es: (name) => `Vídeos abstractos, generados por IA, de la colección ${name}. En ellos no aparecen personas reales.`,
  "pt-BR": (name) => `Vídeos abstratos, gerados por IA, da coleção ${name}. Nenhuma pessoa real aparece neles.`,
  ja: (name) => `「${name}」コレクションのAI生成による抽象的な動画です。実在の人物は登場しません。`,
  ar: (name) => `مقاطع فيديو تجريدية مولّدة بالذكاء الاصطناعي من مجموعة ${name}. لا يظهر فيها أي أشخاص حقيقيين.`,
};

/** The video description sentence, as the English one in server/seed/catalogue.ts. */
const DESCRIPTION: Record<TranslatedLocale, (category: string) => string> = {
  de: (c) =>
    `Eine abstrakte, KI-generierte Studie in Farbe und Bewegung aus unserer Sammlung ${c}. Synthetische Medien: In diesem Video sind keine echten Menschen zu sehen.`,
  fr: (c) =>
    `Une étude abstraite de couleur et de mouvement, générée par IA, issue de notre collection ${c}. Média synthétique : aucune personne réelle n'apparaît dans cette vidéo.`,
  es: (c) =>
    `Un estudio abstracto de color y movimiento, generado por IA, de nuestra colección ${c}. Medio sintético: en este vídeo no aparecen personas reales.`,
  "pt-BR": (c) =>
    `Um estudo abstrato de cor e movimento, gerado por IA, da nossa coleção ${c}. Mídia sintética: nenhuma pessoa real aparece neste vídeo.`,
  ja: (c) => `「${c}」コレクションより、AI生成による色と動きの抽象的な習作です。合成メディア：この動画に実在の人物は登場しません。`,
  ar: (c) =>
    `دراسة تجريدية في اللون والحركة، مولّدة بالذكاء الاصطناعي، من مجموعة ${c} لدينا. وسائط اصطناعية: لا يظهر في هذا الفيديو أي أشخاص حقيقيين.`,
};

/** The demo chapter titles (Opening, Colour shift, Finale, Slow drift). */
const CHAPTER_TITLES: Record<TranslatedLocale, Record<string, string>> = {
  de: { Opening: "Eröffnung", "Colour shift": "Farbwechsel", Finale: "Finale", "Slow drift": "Langsames Treiben" },
  fr: { Opening: "Ouverture", "Colour shift": "Changement de couleur", Finale: "Final", "Slow drift": "Lente dérive" },
  es: { Opening: "Apertura", "Colour shift": "Cambio de color", Finale: "Final", "Slow drift": "Deriva lenta" },
  "pt-BR": { Opening: "Abertura", "Colour shift": "Mudança de cor", Finale: "Final", "Slow drift": "Deriva lenta" },
  ja: { Opening: "オープニング", "Colour shift": "色の変化", Finale: "フィナーレ", "Slow drift": "ゆるやかな漂い" },
  ar: { Opening: "الافتتاحية", "Colour shift": "تحول الألوان", Finale: "الختام", "Slow drift": "انجراف بطيء" },
};

/** A category's name in `locale` (its English name where it has no demo translation). */
export function demoCategoryName(locale: TranslatedLocale, english: string): string {
  const at = (FALLBACK_CATEGORIES as readonly string[]).indexOf(english);
  return CATEGORY_NAMES[locale][at] ?? english;
}

/** The English one-line description of a demo category. */
export function demoCategoryDescription(english: string): string {
  return CATEGORY_LINE.en(english);
}

/** Every demo category's translations: name and description per language. */
export function demoCategoryTranslations(): { category: string; locale: TranslatedLocale; name: string; description: string }[] {
  return FALLBACK_CATEGORIES.flatMap((category) =>
    TRANSLATED_LOCALES.map((locale) => {
      const name = demoCategoryName(locale, category);
      return { category, locale, name, description: CATEGORY_LINE[locale](name) };
    }),
  );
}

/** A chapter title in `locale` (the English one where the demo has none). */
export function demoChapterTitle(locale: TranslatedLocale, english: string): string {
  return CHAPTER_TITLES[locale][english] ?? english;
}

/** A demo video's title and description in `locale`. */
export function demoVideoTranslation(spec: DemoVideoSpec, locale: TranslatedLocale): { title: string; description: string } {
  return { title: translatedTitle(locale, spec.words), description: DESCRIPTION[locale](demoCategoryName(locale, spec.categoryName)) };
}

/**
 * Every demo video's published versions in the six languages, by its place in `specs` (`chaptersOf(i)`: its
 * English chapters, whose translated list keeps their starts).
 */
export function demoVideoTranslations(specs: readonly DemoVideoSpec[], chaptersOf: (index: number) => Chapter[]) {
  return specs.flatMap((spec, index) => {
    const chapters = chaptersOf(index);
    return TRANSLATED_LOCALES.map((locale) => ({
      index,
      locale,
      ...demoVideoTranslation(spec, locale),
      chapters: chapters.length ? chaptersToText(chapters.map((c) => ({ ...c, title: demoChapterTitle(locale, c.title) }))) : null,
      state: "published" as const,
    }));
  });
}

/** Every chapter title the demo sets use, in English (for the test that all have translations). */
export const DEMO_CHAPTER_TITLES = [...new Set(DEMO_CHAPTER_SETS.flat().map(([, title]) => title))];
