import { useEffect } from "react";
import { useTheater } from "./theater";

/** The layout's theater switch (theater.tsx) for the player: theater mode goes off with the player, as it was found. */
export function usePlayerTheater(): ReturnType<typeof useTheater> {
  const theater = useTheater();
  const { setTheater } = theater;
  useEffect(() => () => setTheater(false), [setTheater]);
  return theater;
}
