import { stripVTControlCharacters } from "node:util";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * A few lines per failed attempt, printed last: CI keeps only the tail of its log, and the list reporter's full
 * failure reports (call logs, the browser's own output on a time-out) can push the first failures out of it,
 * which are the ones that explain the rest (a test that leaves state behind fails those after it).
 */
export default class FailureSummaryReporter implements Reporter {
  private readonly failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "passed" || result.status === "skipped") return;
    const where = `${test.location.file.replace(/^.*\/tests\//, "tests/")}:${test.location.line}`;
    const attempt = result.retry ? ` (retry ${result.retry})` : "";
    const error = stripVTControlCharacters(result.error?.message ?? result.status);
    const lines = error
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(0, 6);
    const at = result.error?.location ? `    at line ${result.error.location.line}` : "";
    this.failures.push(
      [`- [${test.parent.project()?.name ?? ""}] ${where} ${test.title}${attempt}`, ...lines.map((l) => `    ${l}`), at]
        .filter(Boolean)
        .join("\n"),
    );
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    console.log(`\nFailed attempts, in the order they ended (${this.failures.length}):\n${this.failures.join("\n")}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
