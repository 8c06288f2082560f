// The editor is also described at /admin/studies/{studyId} (spec §2): the same screen.
export { default, generateMetadata } from "./edit/page";
