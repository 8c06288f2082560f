import pg from "pg";

/** One statement on the PostgreSQL server named by `serverUrl` (CREATE/DROP DATABASE for tests). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
