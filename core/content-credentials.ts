/**
 * Content credentials (C2PA) shared by the server that signs them and the page that shows them
 * (docs/decisions/0027-content-credentials.md).
 */

/** IPTC's digital source type for media made by a trained model: the label the JSON-LD and C2PA manifests carry. */
export const TRAINED_ALGORITHMIC_MEDIA = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

/**
 * The stream's credentials, next to its master playlist. HLS MPEG-TS segments cannot carry a C2PA manifest
 * (c2pa-rs embeds in JPEG, PNG, MP4/BMFF and the like, not in TS or playlists), so the manifest travels in a
 * small PNG beside them and names every playlist and segment with its SHA-256 (assertion STREAM_ASSERTION).
 */
export const STREAM_CREDENTIALS_FILE = "credentials.png";
export const STREAM_ASSERTION = "com.pleazure.stream";

/** One signed asset as the credentials page shows it. */
export interface CredentialsView {
  /** What the file is, e.g. "Poster image". */
  name: string;
  url: string;
  /** No manifest in the file (published before content credentials, or not made yet). */
  missing: boolean;
  /** c2pa-rs's verdict: Valid = signature and hashes intact. Trust in the signer is shown apart. */
  state: string;
  signatureValid: boolean;
  failures: string[];
  digitalSourceType: string | null;
  actions: string[];
  generator: string | null;
  signer: string | null;
  issuer: string | null;
  development: boolean;
  /** Files of the stream the manifest vouches for (path and SHA-256), for the stream's sidecar. */
  files: { path: string; sha256: string }[];
}
