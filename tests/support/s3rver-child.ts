import S3rver from "s3rver";

/**
 * s3rver in a process of its own (tests/support/s3-server.ts starts it): it signs its ListObjectsV2
 * continuation tokens with DES, which Node's OpenSSL 3 has only in the legacy provider, so this process runs
 * with --openssl-legacy-provider and the tests' own processes need not. Args: port, folder, bucket, CORS XML.
 */
const [port, directory, bucket, cors] = process.argv.slice(2) as [string, string, string, string];
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [cors] }],
});
await server.run();
process.stdout.write("s3rver ready\n");
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
