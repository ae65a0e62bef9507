// Work in progress (issue 5): being written now.
export default function Pending() {
  return null;
}
