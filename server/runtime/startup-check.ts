import { EnvError, env, parseEnv, unsafeCombinations } from "../env";
import { ContentSignerError, contentSigner } from "../media/c2pa/signer";
import { ensureAppSecret, SecretError } from "../secrets";

/**
 * What must hold before a primary (or the development process) starts anything: the environment parses, no
 * unsafe combination of settings (env.ts), a signing key of full length exists, and so does a usable content
 * credentials signer (server/media/c2pa/signer.ts). The key is created here,
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
    // The content credentials signer too: a development one is generated here, before any worker forks.
    contentSigner();
  } catch (err) {
    if (err instanceof SecretError || err instanceof ContentSignerError) return [err.message];
    throw err;
  }
  return [];
}
