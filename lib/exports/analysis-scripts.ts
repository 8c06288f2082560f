/** The R and Python loaders shipped in the export zip (decision 0016): see loaders/loader-literals.ts. */
export { pythonLoader } from "./loaders/python-loader";
export { rLoader } from "./loaders/r-loader";
export { pythonString, rString, type LoaderParams } from "./loaders/loader-literals";
