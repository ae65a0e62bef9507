import pg from "pg";

/**
 * One plain connection for the length of `fn`. Backup and restore use their own (not the app's pool): a snapshot
 * and a load are each one transaction on one connection, and COPY streams hold their connection throughout.
 */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
