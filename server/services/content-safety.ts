/**
 * The content-safety policy (DESIGN.md §4.9) lives in app/lib/content-safety.ts so the console's forms can
 * run the same check in the browser; server code keeps importing it from here.
 */
export * from "../../app/lib/content-safety";
