/** What a settings form's post answered: its notice as a status, its error as an alert (read out once each). */
export function SaveResult({ result }: { result: { notice: string | null; error: string | null } | null }) {
  return (
    <>
      {result?.notice && (
        <p role="status" className="mt-2 text-sm text-emerald-300">
          {result.notice}
        </p>
      )}
      {result?.error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {result.error}
        </p>
      )}
    </>
  );
}
