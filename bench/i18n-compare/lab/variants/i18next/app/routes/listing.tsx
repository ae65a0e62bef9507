import { Link } from "react-router";
import { CATEGORIES, duration, TAGS, VIDEOS } from "../../../../shared/videos";
import { getInstance, getLocale, messagesFor } from "../i18n.server";
import { useRouteTranslation } from "../locales";
import type { Route } from "./+types/listing";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData.title} · Pleazure` }, { name: "description", content: loaderData.description }];
}

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(null, "listing");
  return {
    i18n: messagesFor(getLocale(context), "listing"),
    title: t("title"),
    description: t("meta_description"),
    videos: VIDEOS,
    total: 1234,
    page: 1,
    pages: 52,
  };
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { videos, total, page, pages } = loaderData;
  const { t } = useRouteTranslation(loaderData.i18n);
  return (
    <div>
      <h1>{t("title")}</h1>
      <p>{t("subtitle")}</p>
      <p>{t("results", { count: total })}</p>
      <form>
        <label>
          {t("sort_label")}{" "}
          <select name="sort">
            <option value="popular">{t("sort_popular")}</option>
            <option value="newest">{t("sort_newest")}</option>
            <option value="rated">{t("sort_rated")}</option>
            <option value="longest">{t("sort_longest")}</option>
          </select>
        </label>
        <fieldset>
          <legend>{t("filter_label")}</legend>
          <p>{t("filter_duration")}</p>
          <label><input type="radio" name="d" value="" /> {t("filter_any")}</label>
          <label><input type="radio" name="d" value="short" /> {t("filter_short")}</label>
          <label><input type="radio" name="d" value="long" /> {t("filter_long")}</label>
          <p>{t("filter_date")}</p>
          <label><input type="radio" name="t" value="today" /> {t("filter_today")}</label>
          <label><input type="radio" name="t" value="week" /> {t("filter_week")}</label>
          <label><input type="radio" name="t" value="month" /> {t("filter_month")}</label>
        </fieldset>
        <button type="submit">{t("filter_apply")}</button> <button type="reset">{t("filter_clear")}</button>
      </form>
      <ul>
        {videos.map((v) => (
          <li key={v.id}>
            <a href={`/video/${v.id}`}>
              <img alt={t("thumbnail_alt", { title: v.title })} src={`/thumbs/${v.id}.webp`} width={320} height={180} />
              <span aria-label={t("duration_aria", { time: duration(v.seconds) })}>{duration(v.seconds)}</span>
              {v.hd && <span>{t("hd")}</span>}
              {v.isNew && <span>{t("new_badge")}</span>}
            </a>
            <h3>{v.title}</h3>
            <p>{t("by_creator", { name: v.creator })}</p>
            <p>
              {t("views", { count: v.views })} · {t("uploaded", { date: new Date(v.uploaded) })} · {t("liked", { percent: v.liked })}
            </p>
            <button type="button">{t("watch_later")}</button> <button type="button">{t("add_playlist")}</button>{" "}
            <button type="button">{t("share")}</button> <button type="button">{t("report")}</button>{" "}
            <button type="button" aria-label={t("more_actions")}>
              …
            </button>
          </li>
        ))}
      </ul>
      {videos.length === 0 && <p>{t("empty")}</p>}
      <nav>
        <Link to="?page=0">{t("page_prev")}</Link> <span>{t("page_of", { page, total: pages })}</span> <Link to="?page=2">{t("page_next")}</Link>
      </nav>
      <aside>
        <h2>{t("trending")}</h2>
        <h2>{t("top_categories")}</h2>
        <ul>
          {CATEGORIES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <h2>{t("popular_tags")}</h2>
        <p>{TAGS.join(" · ")}</p>
        <p>{t("ad_label")}</p>
        <button type="button">{t("subscribe")}</button>
        <h2>{t("related")}</h2>
      </aside>
      <a href="#main">{t("back_to_top")}</a>
      <p hidden>{t("loading")}</p>
    </div>
  );
}
