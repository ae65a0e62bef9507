import { useEffect, useState } from "react";

/** A short message for a live region (a copy result, a save) that clears itself `ms` after it was set. */
export function useFleetingStatus(ms: number): [string, (message: string) => void] {
  const [status, setStatus] = useState("");
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(""), ms);
    return () => clearTimeout(timer);
  }, [status, ms]);
  return [status, setStatus];
}
