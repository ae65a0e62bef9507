// Imported first by run.ts: the server modules the bench reuses (logger, embedded PostgreSQL) read
// LOG_LEVEL when they load, and their info lines would drown the bench's own progress output.
process.env.LOG_LEVEL ??= "warn";
