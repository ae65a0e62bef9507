import { Link } from "react-router";
import { CATEGORIES, duration, TAGS, VIDEOS } from "../../../../shared/videos";
import { listing as T } from "../texts";
import type { Route } from "./+types/listing";

export function meta() {
  return [{ title: `${T.title} · Pleazure` }, { name: "description", content: T.meta_description }];
}

export function loader() {
  return { videos: VIDEOS, total: 1234, page: 1, pages: 52 };
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { videos, total, page, pages } = loaderData;
  return (
    <div>
      <h1>{T.title}</h1>
      <p>{T.subtitle}</p>
      <p>{T.results({ count: total })}</p>
      <form>
        <label>
          {T.sort_label}{" "}
          <select name="sort">
            <option value="popular">{T.sort_popular}</option>
            <option value="newest">{T.sort_newest}</option>
            <option value="rated">{T.sort_rated}</option>
            <option value="longest">{T.sort_longest}</option>
          </select>
        </label>
        <fieldset>
          <legend>{T.filter_label}</legend>
          <p>{T.filter_duration}</p>
          <label><input type="radio" name="d" value="" /> {T.filter_any}</label>
          <label><input type="radio" name="d" value="short" /> {T.filter_short}</label>
          <label><input type="radio" name="d" value="long" /> {T.filter_long}</label>
          <p>{T.filter_date}</p>
          <label><input type="radio" name="t" value="today" /> {T.filter_today}</label>
          <label><input type="radio" name="t" value="week" /> {T.filter_week}</label>
          <label><input type="radio" name="t" value="month" /> {T.filter_month}</label>
        </fieldset>
        <button type="submit">{T.filter_apply}</button> <button type="reset">{T.filter_clear}</button>
      </form>
      <ul>
        {videos.map((v) => (
          <li key={v.id}>
            <a href={`/video/${v.id}`}>
              <img alt={T.thumbnail_alt({ title: v.title })} src={`/thumbs/${v.id}.webp`} width={320} height={180} />
              <span aria-label={T.duration_aria({ time: duration(v.seconds) })}>{duration(v.seconds)}</span>
              {v.hd && <span>{T.hd}</span>}
              {v.isNew && <span>{T.new_badge}</span>}
            </a>
            <h3>{v.title}</h3>
            <p>{T.by_creator({ name: v.creator })}</p>
            <p>
              {T.views({ count: v.views })} · {T.uploaded({ date: new Date(v.uploaded) })} · {T.liked({ percent: v.liked })}
            </p>
            <button type="button">{T.watch_later}</button> <button type="button">{T.add_playlist}</button>{" "}
            <button type="button">{T.share}</button> <button type="button">{T.report}</button>{" "}
            <button type="button" aria-label={T.more_actions}>
              …
            </button>
          </li>
        ))}
      </ul>
      {videos.length === 0 && <p>{T.empty}</p>}
      <nav>
        <Link to="?page=0">{T.page_prev}</Link> <span>{T.page_of({ page, total: pages })}</span> <Link to="?page=2">{T.page_next}</Link>
      </nav>
      <aside>
        <h2>{T.trending}</h2>
        <h2>{T.top_categories}</h2>
        <ul>
          {CATEGORIES.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <h2>{T.popular_tags}</h2>
        <p>{TAGS.join(" · ")}</p>
        <p>{T.ad_label}</p>
        <button type="button">{T.subscribe}</button>
        <h2>{T.related}</h2>
      </aside>
      <a href="#main">{T.back_to_top}</a>
      <p hidden>{T.loading}</p>
    </div>
  );
}
