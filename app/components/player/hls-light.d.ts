// hls.js ships its light build (no subtitles, alternate audio, DRM, CMCD: nothing our catalogue uses) without
// a declaration file of its own; it has the same API as the full build.
declare module "hls.js/light" {
  import Hls from "hls.js";
  export default Hls;
}
