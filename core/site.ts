import { paths } from "./paths";

/** The brand is configuration (docs/product.md "Overview"): one place for names, addresses and links. */
export const site = {
  name: "Pleazure",
  tagline: "Your AI Pleasure Zone",
  description: "Pleazure is a curated library of AI-generated videos for adults: synthetic media, no real performers, clearly labelled.",
  contactEmail: "contact@pleazure.example",
  legalEntity: "Pleazure sp. z o.o.",
  xUrl: "https://x.com/pleazure",
  discordUrl: "https://discord.gg/pleazure",
  heroArticleUrl: paths.blogPost("welcome-to-pleazure"),
  underAgeRedirect: "https://www.google.com/",
  defaultSocialImage: "/og-default.png",
  /** The brand's mark: the favicon, and the logo's badge in the header (the same file, so one download serves both). */
  mark: "/favicon.svg",
  copyrightYear: 2025,
  rtaLabel: "RTA-5042-1996-1400-1577-RTA",
} as const;
