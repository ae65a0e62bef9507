import { EnvError, env, parseEnv, unsafeCombinations } from "../env";
import { ensureAppSecret, SecretError } from "../secrets";

/**
 * What must hold before a primary (or the development process) starts anything: the environment parses, no
 * unsafe combination of settings (env.ts), and a signing key of full length exists. The key is created here,
 * once, before any worker is forked, so no worker ever creates or half-reads it. Returns one line per problem;
 * server.js prints them and exits 1 without listening.
 */
export function startupProblems(vars: Record<string, string | undefined> = process.env): string[] {
  try {
    parseEnv(vars);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  const problems = unsafeCombinations(env(), vars);
  if (problems.length > 0) return problems;
  try {
    ensureAppSecret();
  } catch (err) {
    if (err instanceof SecretError) return [err.message];
    throw err;
  }
  return [];
}
