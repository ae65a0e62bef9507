import { Link } from "react-router";
import { CATEGORIES, duration, TAGS, VIDEOS } from "../../../../shared/videos";
import { m } from "../paraglide/messages.js";
import type { Route } from "./+types/listing";

export function meta() {
  return [{ title: `${m.listing_title()} · Pleazure` }, { name: "description", content: m.listing_meta_description() }];
}

export function loader() {
  return { videos: VIDEOS, total: 1234, page: 1, pages: 52 };
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { videos, total, page, pages } = loaderData;
  return (
    <div>
      <h1>{m.listing_title()}</h1>
      <p>{m.listing_subtitle()}</p>
      <p>{m.listing_results({ count: total })}</p>
      <form>
        <label>
          {m.listing_sort_label()}{" "}
          <select name="sort">
            <option value="popular">{m.listing_sort_popular()}</option>
            <option value="newest">{m.listing_sort_newest()}</option>
            <option value="rated">{m.listing_sort_rated()}</option>
            <option value="longest">{m.listing_sort_longest()}</option>
          </select>
        </label>
        <fieldset>
          <legend>{m.listing_filter_label()}</legend>
          <p>{m.listing_filter_duration()}</p>
          <label><input type="radio" name="d" value="" /> {m.listing_filter_any()}</label>
          <label><input type="radio" name="d" value="short" /> {m.listing_filter_short()}</label>
          <label><input type="radio" name="d" value="long" /> {m.listing_filter_long()}</label>
          <p>{m.listing_filter_date()}</p>
          <label><input type="radio" name="t" value="today" /> {m.listing_filter_today()}</label>
          <label><input type="radio" name="t" value="week" /> {m.listing_filter_week()}</label>
          <label><input type="radio" name="t" value="month" /> {m.listing_filter_month()}</label>
        </fieldset>
        <button type="submit">{m.listing_filter_apply()}</button> <button type="reset">{m.listing_filter_clear()}</button>
      </form>
      <ul>
        {videos.map((v) => (
          <li key={v.id}>
            <a href={`/video/${v.id}`}>
              <img alt={m.listing_thumbnail_alt({ title: v.title })} src={`/thumbs/${v.id}.webp`} width={320} height={180} />
              <span aria-label={m.listing_duration_aria({ time: duration(v.seconds) })}>{duration(v.seconds)}</span>
              {v.hd && <span>{m.listing_hd()}</span>}
              {v.isNew && <span>{m.listing_new_badge()}</span>}
            </a>
            <h3>{v.title}</h3>
            <p>{m.listing_by_creator({ name: v.creator })}</p>
            <p>
              {m.listing_views({ count: v.views })} · {m.listing_uploaded({ date: new Date(v.uploaded) })} · {m.listing_liked({ percent: v.liked })}
            </p>
            <button type="button">{m.listing_watch_later()}</button> <button type="button">{m.listing_add_playlist()}</button>{" "}
            <button type="button">{m.listing_share()}</button> <button type="button">{m.listing_report()}</button>{" "}
            <button type="button" aria-label={m.listing_more_actions()}>
              …
            </button>
          </li>
        ))}
      </ul>
      {videos.length === 0 && <p>{m.listing_empty()}</p>}
      <nav>
        <Link to="?page=0">{m.listing_page_prev()}</Link> <span>{m.listing_page_of({ page, total: pages })}</span> <Link to="?page=2">{m.listing_page_next()}</Link>
      </nav>
      <aside>
        <h2>{m.listing_trending()}</h2>
        <h2>{m.listing_top_categories()}</h2>
        <ul>
          {CATEGORIES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <h2>{m.listing_popular_tags()}</h2>
        <p>{TAGS.join(" · ")}</p>
        <p>{m.listing_ad_label()}</p>
        <button type="button">{m.listing_subscribe()}</button>
        <h2>{m.listing_related()}</h2>
      </aside>
      <a href="#main">{m.listing_back_to_top()}</a>
      <p hidden>{m.listing_loading()}</p>
    </div>
  );
}
