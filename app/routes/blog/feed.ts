// Work in progress (issue 5): being written now.
export function loader() {
  return new Response("", { status: 404 });
}
