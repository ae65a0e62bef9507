// The rules for Japanese and Arabic (see content-safety-rules.ts for how a rule is written and folded).

import { any, notBefore, type RuleTable, SEP, UNDER_18 } from "./content-safety-rules";

const KANA_OR_HAN = "[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー]";
const KANJI_NUMERAL = "[〇一二三四五六七八九十百千]";

// Japanese has no spaces, so its rules have no boundaries and every term must be unambiguous as a
// substring. Traps that pass: カロリー, フロリダ, ポロリ (ロリ after another katakana passes, so エロロリ slips
// through while 合法ロリ and ロリ系 are caught), ルーティーン (routine), クリスティーン, エイティーン (eighteen),
// ディーン (Dean: the fold keeps voicing marks, so it is not ティーン, and こども is not ことも "also"),
// 高校生活 (school life), 二十歳 (20), 青二才 (a greenhorn; 才 counts only after 十…), 10代目 (tenth
// generation), 日本男児 (a Japanese man), 女子大生 (a university student), 学生, 制服, 18禁. 美少女 is refused
// with 少女 (young girl): 美女 says "beautiful woman". JK, JC, JS are refused next to Japanese text, JK also as
// a whole field (a tag, "#JK"); in a Latin sentence "jk" is "just kidding" and passes. 18歳未満 (under 18)
// passes, as "under 18" does in every language.
export const JA: RuleTable = {
  locale: "ja",
  script: "cjk",
  rules: [
    // child, little girl, little boy, child actor, school satchel
    "児童",
    "子供",
    "子ども",
    "こども",
    "幼女",
    "幼児",
    "園児",
    "女児",
    "(?<!日本|快)男児",
    "子役",
    "ランドセル",
    "少女",
    "少年",
    // teen, pre-teen, compensated dating (of schoolgirls)
    "(?<!ルー|キャン|エイ|ス)ティーン",
    `(?<!${KANJI_NUMERAL}|\\d)(?:10|十)代(?!目)`,
    "援交",
    "援助交際",
    // schoolgirl, schoolboy: pupils of elementary, middle and high school
    "(?:小学|中学|高校)生(?!活)",
    "女子(?:高|校)生(?!活)",
    `(?<![a-z])j[kcs](?=${KANA_OR_HAN})`,
    `(?<=${KANA_OR_HAN})j[kcs](?![a-z])`,
    "(?<=^[\\s#]*)jk(?=\\s*$)",
    // underage, loli, shota, "junior idol"
    "未成年",
    "(?<![\\p{sc=Katakana}ー])ロリ",
    "ショタ",
    "ジュニアアイドル",
    // "barely legal": just turned 18, just of age, only just 18
    `(?:18|十八)${SEP}(?:歳|才)${SEP}(?:になったばかり|になりたて|なりたて)`,
    "成人(?:したばかり|したて)",
    `ギリギリ${SEP}(?:18|十八|成人|合法)`,
    // ages under 18: 16歳, 16才, 16さい, １６歳 (full width), 十六歳
    `(?<!\\d[.,]?)(?:1[0-7]|[1-9])${SEP}(?:歳|才|さい)`,
    `(?<!${KANJI_NUMERAL})(?:十[一二三四五六七]?|[一二三四五六七八九])歳`,
    `(?<!${KANJI_NUMERAL})十[一二三四五六七]?才`,
  ],
};

/** The clitics an Arabic word takes: و/ف (and), ب/ك/ل (with, like, for), the article ال, and للـ (for the). */
const AR_PREFIX = "(?:[وف]?(?:[بكل]?ال|لل|[بكل])?)";
/** Possessive suffixes: my, his, her, their, your, our. */
const AR_SUFFIX = "(?:ي|ى|ه|ها|هما|هم|هن|ك|كم|كن|نا)?";
const ar = (...forms: string[]) => `${AR_PREFIX}${any(...forms)}${AR_SUFFIX}`;
const ARABIC = "\\p{sc=Arabic}";
const AR_ADULT = `(?:سن${SEP})?(?:ال)?(?:18|رشد|ثامن[ةه]${SEP}عشر[ةه]?)`;
const AR_TEEN_ORDINAL = any("عاشر[ةه]", `(?:حادي|ثاني|ثالث|رابع|خامس|سادس|سابع)[ةه]${SEP}عشر[ةه]?`);
const AR_AGE_NOT_AFTER = `(?<!(?<!${ARABIC})${any("منذ", "قبل", "خلال", "لمد[ةه]", "مد[ةه]", "طوال", "طيل[ةه]", "بعد")}${SEP})`;
const AR_AGE_NOT_BEFORE = notBefore(`(?:من${SEP})?(?:ال)?(?:زواج|خبر[ةه])`);

// Arabic (Modern Standard), with or without short vowels, tatweel or hamza on alef (the fold removes them),
// with the article and the clitics و ف ب ك ل before and possessive suffixes after: طفل، الأطفال، وبالأطفال،
// طفلتي. ة may be written ه. Refused: طفل/طفلة/أطفال, طفولي (childish; طفولة "childhood" passes), صبي/صبية,
// "little girl/boy" (بنت صغيرة، فتاة صغيرة), صغيرة السن, مراهق/مراهقة, تلميذ/تلميذة, school and secondary-school
// girls, قاصر/قاصرة, "under age" without a number (تحت السن، دون سن الرشد), غير بالغة, لولي/لوليتا/شوتاكون,
// "barely legal" (بالكاد 18، بلغت 18 للتو), ages under 18 (١٦ سنة، 16 عامًا، عمرها 16، في السادسة عشرة) except
// after منذ/قبل/خلال/لمدة. Passes: صغيرة alone (small), بنت/فتاة alone, تحت سن 18 (under 18), لؤلئ (pearls: the
// fold keeps ؤ/ئ), طفيلي (parasite), أطفأ (put out); left out: قُصَّر (written قصر, a palace) and شوتا (a shot).
export const AR: RuleTable = {
  locale: "ar",
  script: "arabic",
  rules: [
    ar("طفل(?:[ةه]|ت|ان|ين|تان|تين|ات)?", "اطفال", "طفولي[ةه]?"),
    ar("صبي(?:[ةه]|ان)?"),
    ar(`${any("فتا[ةه]", "بنت", "بنات", "فتيات", "ولد", "اولاد", "فت[ىي]", "طفل[ةه]")}${SEP}(?:ال)?صغير(?:[ةه]|ات)?`),
    `(?:ال)?صغير(?:[ةه]|ات)?${SEP}(?:ال)?سنا?`,
    // teen
    ar("مراهق(?:[ةه]|ت|ات|ين|ون|ان)?"),
    // schoolgirl, schoolboy
    ar("تلميذ(?:[ةه]|ت|ات)?", "تلاميذ"),
    ar(
      `${any("طالب", "طالب[ةه]", "طالبات", "طلاب", "بنت", "بنات", "فتا[ةه]", "فتيات")}${SEP}(?:ال)?${any("مدرس[ةه]", "مدارس", "ثانوي[ةه]?", "اعدادي[ةه]?", "ابتدائي[ةه]?", "متوسط[ةه]")}`,
    ),
    // underage
    ar("قاصر(?:[ةه]|ات|ين|ون)?"),
    `(?:تحت|دون|قبل)${SEP}(?:ال)?سن${SEP}(?:ال)?(?:رشد|قانوني[ةه]?|بلوغ)`,
    `(?:تحت|دون)${SEP}السن`,
    `غير${SEP}(?:ال)?بالغ(?:[ةه]|ين|ات)?`,
    `لم${SEP}(?:تبلغ|يبلغ|تكمل|يكمل|تتم|يتم)${SEP}${AR_ADULT}`,
    // loli, shota
    ar("لولي(?:تا|كون)?", "شوتاكون"),
    // "barely legal": barely 18/legal/adult, just turned 18, newly pubescent
    `بالكاد${SEP}(?:(?:ال)?18|قانوني[ةه]?|بالغ[ةه]?|راشد[ةه]?|(?:ال)?ثامن[ةه]${SEP}عشر[ةه]?|ثماني[ةه]?${SEP}عشر[ةه]?)`,
    `${any("بلغ", "بلغت", "اتم", "اتمت", "اكمل", "اكملت", "تجاوز", "تجاوزت")}${SEP}(?:للتو${SEP}${AR_ADULT}|${AR_ADULT}${SEP}للتو)`,
    `حديث(?:[ةه]|ات)?${SEP}(?:ال)?بلوغ`,
    // ages under 18
    `${AR_AGE_NOT_AFTER}${UNDER_18}${SEP}(?:سن[ةه]|سنوات|سنين|عام|عاما|اعوام)${AR_AGE_NOT_BEFORE}`,
    `(?:[بف]?عمر(?:ها|ه|ي|ك)?|[بف]?سن(?:ها|ه)?)${SEP}(?:ال)?${UNDER_18}(?!\\d)`,
    `${UNDER_18}${SEP}من${SEP}(?:ال)?عمر`,
    `(?:في|ابن[ةه]?|بنت|عمرها|عمره|بعمر|بسن)${SEP}(?:ال)?${AR_TEEN_ORDINAL}`,
    `${any("ثلاث", "اربع", "خمس", "ست", "سبع")}[ةه]?${SEP}عشر[ةه]?${SEP}(?:سن[ةه]|عاما|عام)`,
  ],
};
