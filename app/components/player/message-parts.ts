/** Private-use characters stand in for the arguments: they occur in no translation and survive formatting as they are. */
const mark = (i: number) => String.fromCharCode(0xe000 + i);
const MARKS = /([\ue000-\ue0ff])/;

/**
 * A translated sentence cut at some of its arguments, so the player can show only the arguments and keep the rest
 * for screen readers ("Elapsed 0:05 of 3:00" reads whole, "0:05 / 3:00" shows), in whatever order the language
 * puts them. `format` is the message with those arguments; `texts` has one more entry than `order` (the text
 * before, between and after the arguments, empty where nothing is).
 */
export function cutAtArguments<A extends string>(
  format: (values: Record<A, string>) => string,
  args: readonly A[],
): { texts: string[]; order: A[] } {
  const values = Object.fromEntries(args.map((a, i) => [a, mark(i)])) as Record<A, string>;
  const pieces = format(values).split(MARKS);
  const texts: string[] = [];
  const order: A[] = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) texts.push(piece);
    else order.push(args[piece.charCodeAt(0) - 0xe000] as A);
  });
  return { texts, order };
}
