// The primitive lives in ui/; this path stays for the pages that import it from here.
export { Stars } from "#app/components/ui/stars";
