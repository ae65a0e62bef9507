import { useEffect, useRef, useState } from "react";
import { avatarInitial, type Viewer } from "~core/viewer";

/**
 * The account picture, or a generated initial avatar when there is none or it fails to load (docs/product.md "Page frame").
 * The colour comes from the address, so one person keeps one colour. The initial is a picture, drawn from
 * `data-glyph` (app/app.css), not text: the account button's name says whose menu it is (docs/accessibility.md).
 */
export function Avatar({ viewer, size }: { viewer: Pick<Viewer, "name" | "email" | "avatarUrl">; size: number }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  const style = { width: size, height: size };
  if (viewer.avatarUrl && !broken) {
    return (
      <img
        ref={image}
        src={viewer.avatarUrl}
        alt=""
        width={size}
        height={size}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className="shrink-0 rounded-full object-cover"
        style={style}
        data-avatar="image"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-avatar="initial"
      data-glyph={avatarInitial(viewer)}
      className="grid shrink-0 place-items-center rounded-full font-bold text-white"
      style={{ ...style, fontSize: size * 0.45, backgroundColor: `hsl(${hue(viewer.email)} 55% 40%)` }}
    />
  );
}

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) % 360;
  return h;
}
